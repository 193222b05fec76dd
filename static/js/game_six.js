/* game_six.js: what the six board adds to static/js/game.js. */
