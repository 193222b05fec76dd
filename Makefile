# Topper: one GNU Makefile, no configure step (STYLE.md 3.13).
#
#   make          build bin/topper (optimised)
#   make test     install what is missing, build with ASan+UBSan, run every test
#   make run      install, build, start nginx + topper fcgi + topper worker
#   make stop     stop what make run started
#   make bench    the benchmarks of DESIGN.md "Speed", with the capacity curve at
#                 10,000 and 100,000 games on SQLite and PostgreSQL
#   make bench-scale  the capacity curve to 1,000,000 games (tools/bench-scale.sh)
#   make soak     the reliability figures (tools/soak.sh; SOAK_MINUTES)
#   make bench-bots  the strong bot against the easy one, per game (an hour)
#   make install  PREFIX=/usr/local DESTDIR=

CC      ?= cc
PREFIX  ?= /usr/local
WARN     = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow \
	   -Wstrict-prototypes -Wformat=2 -Wno-format-nonliteral
OPT      = -O2 -g
SAN      = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
	   -fno-omit-frame-pointer
PKGS     = json-c sqlite3 libpq libsodium libcurl libcmark gmime-3.0
CMOCKA   = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)
LIBS     = -lfcgi $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm -lpthread
FCGI_DIRS  = base tpl db http games mail play web mail_in cli
INC      = -Iengine $(patsubst %,-Ifcgi/%,$(FCGI_DIRS)) $(shell pkg-config --cflags $(PKGS) 2>/dev/null)

ENGINE_SRC = $(sort $(wildcard engine/*.c))
FCGI_SRC   = $(sort $(filter-out fcgi/cli/main.c,$(wildcard fcgi/*/*.c fcgi/games/*/*.c)))
UNIT_SRC   = $(sort $(wildcard tests/unit/test_*.c))
SQL        = $(sort $(wildcard sql/*.sql))

# Two trees: build/ (optimised, for make run and bench) and build-asan/
# (sanitizers, for make test).  $(1) is the tree, $(2) its flags.
define tree
$(1)/%.o: %.c
	@mkdir -p $$(@D)
	$$(CC) $$(WARN) $(2) $$(INC) -MMD -MP -c $$< -o $$@

$(1)/libengine.a: $$(patsubst %.c,$(1)/%.o,$$(ENGINE_SRC))
	@rm -f $$@
	$$(AR) rcs $$@ $$^

$(1)/libtopper.a: $$(patsubst %.c,$(1)/%.o,$$(FCGI_SRC)) $(1)/sql_embed.o \
    $(1)/sql_embed_pg.o
	@rm -f $$@
	$$(AR) rcs $$@ $$^

$(1)/sql_embed.o: build/sql_embed.c
	$$(CC) $(2) -c $$< -o $$@

$(1)/sql_embed_pg.o: build/sql_embed_pg.c
	$$(CC) $(2) -c $$< -o $$@

$(1)/topper: $(1)/fcgi/cli/main.o $(1)/libtopper.a $(1)/libengine.a
	$$(CC) $(2) -o $$@ $$^ $$(LIBS)

$(1)/tests/%: $(1)/tests/%.o $(1)/libtopper.a $(1)/libengine.a
	$$(CC) $(2) -o $$@ $$^ $$(CMOCKA) $$(LIBS)

-include $$(shell find $(1) -name '*.d' 2>/dev/null)
endef

$(eval $(call tree,build,$(OPT)))
$(eval $(call tree,build-asan,$(SAN)))

.PHONY: all deps test run stop bench install clean check-purity check-layers bench-bots \
	bench-scale
.DEFAULT_GOAL := all

# deps first, then a fresh make: INC and LIBS ask pkg-config when the
# Makefile is read, and on a new machine the packages (pkg-config too)
# arrive only with deps; a fresh make also keeps make -j from compiling
# beside the install.
all: deps
	$(MAKE) bin/topper

# Copy then rename, so a running bin/topper (make run) is replaced, not
# written over ("Text file busy").
bin/topper: build/topper
	@mkdir -p bin
	cp build/topper $@.new && mv -f $@.new $@

# Migrations become C arrays so "topper init" works from any directory.
build/sql_embed.c: $(SQL) tools/embed-sql.sh
	@mkdir -p build
	sh tools/embed-sql.sh $(SQL) > $@

# The same migrations in PostgreSQL's words (tools/pg-sql.sh, sql/pg/).
build/sql_embed_pg.c: $(SQL) $(wildcard sql/pg/*.sql) tools/pg-sql.sh tools/embed-sql.sh
	@mkdir -p build/sql_pg
	for f in $(SQL); do sh tools/pg-sql.sh $$f > build/sql_pg/$$(basename $$f) || exit 1; done
	EMBED_NAME=sql_migrations_pg sh tools/embed-sql.sh $(patsubst sql/%,build/sql_pg/%,$(SQL)) > $@

deps:
	@sh tools/install-deps.sh

UNIT_BIN = $(patsubst tests/unit/%.c,build-asan/tests/unit/%,$(UNIT_SRC))

test: deps
	$(MAKE) build-asan/topper $(UNIT_BIN) build/libengine.a build/topper
	sh tests/run.sh

check-purity: build/libengine.a
	sh tests/purity/check.sh build/libengine.a

# Includes never go up a layer, only the registries reach into a game,
# and no two objects of engine/ and fcgi/ need each other (README "Layout").
check-layers: build/topper
	python3 tools/check-layers.py build

run: all
	sh tools/run.sh

stop:
	sh tools/stop.sh

# The engines' own benchmark names the games it measures, so it is no
# part of the program: a program of its own among the tests.
build/tests/bench/bench_engine: build/tests/bench/bench_engine.o \
    build/tests/bench/bench_search.o build/libtopper.a build/libengine.a
	$(CC) $(OPT) -o $@ $^ $(LIBS)

bench: all
	$(MAKE) build/tests/bench/bench_engine
	sh tools/bench.sh

# The capacity curve to 1,000,000 stored games: half an hour or more.
bench-scale: all
	sh tools/bench-scale.sh 10000 100000 1000000

bench-bots: all
	sh tools/bench-bots.sh

install: all
	sh tools/install.sh "$(DESTDIR)" "$(PREFIX)"

clean:
	rm -rf build build-asan bin

# make soak: the reliability figures (tools/soak.sh, README
# "Reliability"; not part of make test).  SOAK_MINUTES scales the whole
# run (default 90, two lanes).  The drivers of tests/soak/ and the
# instances they drive are SOAK_BUILD's (default build/, the optimised
# tree, for the volumes; SOAK_BUILD=build-asan makes the soak a long
# sanitizer run); tests/soak/fuzz.sh builds its own clang tree in
# build/fuzz/.  make test runs the short versions with build-asan/.
SOAK_BUILD ?= build
SOAK_BIN = $(SOAK_BUILD)/tests/soak/soak-leak $(SOAK_BUILD)/tests/soak/soak-power

define soak_tree
$(1)/tests/soak/soak-%: $(1)/tests/soak/%.o \
    $(1)/tests/soak/site.o $(1)/libtopper.a $(1)/libengine.a
	$$(CC) $(2) -o $$@ $$(filter %.o,$$^) $$(filter %.a,$$^) $$(LIBS)

$(1)/tests/soak/soak-power: $(1)/tests/soak/lossy.o
$(1)/tests/soak/soak-leak: $(1)/tests/soak/leak_view.o \
    $(1)/tests/soak/leak_play.o
endef
$(eval $(call soak_tree,build,$(OPT)))
$(eval $(call soak_tree,build-asan,$(SAN)))

.SECONDARY: $(patsubst %.c,build/%.o,$(wildcard tests/soak/*.c)) \
    $(patsubst %.c,build-asan/%.o,$(wildcard tests/soak/*.c))
.PHONY: soak soak-bin
soak-bin: $(SOAK_BIN)

soak: deps
	$(MAKE) build-asan/topper build/topper $(SOAK_BIN)
	SOAK_BUILD=$(SOAK_BUILD) sh tools/soak.sh
