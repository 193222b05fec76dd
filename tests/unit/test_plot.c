/*
 * test_plot.c: the SVG line chart: points scaled into the box, a level
 * line for equal values, a dot for one, labels stripped of markup, and
 * a buffer too small gives nothing rather than half a chart.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "plot.h"

static void
test_scaled(void **state)
{
	double	 y[3] = { 1500, 1600, 1400 };
	char	 out[PLOT_SVG_MAX];

	(void)state;
	assert_true(plot_svg(y, 3, "alice in Gin Vodka", out, sizeof(out)) >
	    0);
	/* x from 36 to 234 (240 - 6); the highest at y = 6, the lowest
	 * at 58 (64 - 6), 1500 halfway. */
	assert_non_null(strstr(out, "points=\"36.0,32.0 135.0,6.0 234.0,58.0\""));
	assert_non_null(strstr(out, ">1400</text>"));
	assert_non_null(strstr(out, ">1600</text>"));
	assert_non_null(strstr(out, "<title>alice in Gin Vodka</title>"));
	assert_int_equal(strncmp(out, "<svg ", 5), 0);
	assert_non_null(strstr(out, "</svg>"));
}

static void
test_flat_and_one(void **state)
{
	double	 y[2] = { 1500, 1500 };
	char	 out[PLOT_SVG_MAX];

	(void)state;
	assert_true(plot_svg(y, 2, "x", out, sizeof(out)) > 0);
	assert_non_null(strstr(out, "points=\"36.0,32.0 234.0,32.0\""));
	assert_true(plot_svg(y, 1, "x", out, sizeof(out)) > 0);
	assert_non_null(strstr(out, "<circle cx=\"135.0\" cy=\"32.0\""));
	assert_int_equal(plot_svg(y, 0, "x", out, sizeof(out)), 0);
}

static void
test_label_and_room(void **state)
{
	double	 y[2] = { 1, 2 };
	char	 out[PLOT_SVG_MAX], small[64];

	(void)state;
	assert_true(plot_svg(y, 2, "<script>\"&'", out, sizeof(out)) > 0);
	assert_null(strstr(out, "<script"));
	assert_null(strstr(out, "&"));
	assert_int_equal(plot_svg(y, 2, "x", small, sizeof(small)), 0);
	assert_string_equal(small, "");
}

/*
 * Several lines on one scale: line 1's top is the chart's highest
 * value, line 0's bottom its lowest; each line its own dash pattern.
 */
static void
test_lines(void **state)
{
	/* Two players over three points: 0, 10, 30 and 0, -20, 5. */
	double	 y[6] = { 0, 10, 30, 0, -20, 5 };
	char	 out[PLOT_LINES_SVG_MAX], key[PLOT_KEY_MAX];
	char	 k0[PLOT_KEY_MAX];

	(void)state;
	assert_true(plot_lines(y, 2, 3, "totals", out, sizeof(out)) > 0);
	/* span 50 over 52 px: 30 at 6, -20 at 58, 0 at 6 + 52 * 30 / 50. */
	assert_non_null(strstr(out, "points=\"36.0,37.2 135.0,26.8 234.0,6.0\""));
	assert_non_null(strstr(out, "points=\"36.0,37.2 135.0,58.0 234.0,32.0\""));
	assert_non_null(strstr(out, ">30</text>"));
	assert_non_null(strstr(out, ">-20</text>"));
	assert_non_null(strstr(out, "class=\"plot-l0\""));
	assert_non_null(strstr(out, "class=\"plot-l1\" fill=\"none\" "
	    "stroke=\"currentColor\" stroke-width=\"2\" "
	    "stroke-dasharray=\"6 3\""));
	/* The key draws the same pattern; line 0 is solid. */
	assert_true(plot_key(1, key, sizeof(key)) > 0);
	assert_non_null(strstr(key, "stroke-dasharray=\"6 3\""));
	assert_non_null(strstr(key, "aria-hidden=\"true\""));
	assert_true(plot_key(0, k0, sizeof(k0)) > 0);
	assert_null(strstr(k0, "dasharray"));
	/* Nothing to draw, too many lines, too little room: nothing. */
	assert_int_equal(plot_lines(y, 0, 3, "x", out, sizeof(out)), 0);
	assert_int_equal(plot_lines(y, PLOT_LINES_MAX + 1, 3, "x", out,
	    sizeof(out)), 0);
	assert_int_equal(plot_lines(y, 2, 3, "x", key, 64), 0);
	assert_string_equal(key, "");
}

/* The largest chart fits the room the header promises. */
static void
test_lines_room(void **state)
{
	static double	 y[PLOT_LINES_MAX * PLOT_POINTS_MAX];
	static char	 out[PLOT_LINES_SVG_MAX];
	int		 i;

	(void)state;
	for (i = 0; i < PLOT_LINES_MAX * PLOT_POINTS_MAX; i++)
		y[i] = (i * 7919) % 2001 - 1000.5;
	assert_true(plot_lines(y, PLOT_LINES_MAX, PLOT_POINTS_MAX,
	    "the largest", out, sizeof(out)) > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scaled),
		cmocka_unit_test(test_flat_and_one),
		cmocka_unit_test(test_label_and_room),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_lines_room),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
