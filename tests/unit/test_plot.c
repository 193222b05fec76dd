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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scaled),
		cmocka_unit_test(test_flat_and_one),
		cmocka_unit_test(test_label_and_room),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
