/*
 * plot.h: a small line chart as inline SVG, drawn by the server (prefix
 * plot_).  Pure: numbers in, markup out, no user text, so the result
 * may go into a page unescaped.
 */
#ifndef TOPPER_PLOT_H
#define TOPPER_PLOT_H

#include <stddef.h>

enum {
	PLOT_W = 240,		/* the chart's size in CSS pixels */
	PLOT_H = 64,
	PLOT_PAD = 6,		/* room kept around the line */
	PLOT_LEFT = 36,		/* the labels' column, left of the line */
	PLOT_POINTS_MAX = 200,
	PLOT_SVG_MAX = 8192	/* bytes a chart of PLOT_POINTS_MAX needs */
};

/*
 * The values y[0..n) (n <= PLOT_POINTS_MAX, oldest first) as an <svg>
 * with a polyline scaled to fill the box right of the labels' column
 * (a flat line for equal values, a dot for one), its highest value at
 * the top and lowest at the bottom of that column, and label (a
 * plain-language description: digits, letters, spaces and ".,:-()" only;
 * anything else becomes a space) as its <title> and aria-label.  Writes
 * at most outsz bytes, NUL-terminated; returns the length, or 0 when n
 * is 0 or it does not fit.
 */
size_t	plot_svg(const double *y, int n, const char *label, char *out,
	    size_t outsz);

#endif /* TOPPER_PLOT_H */
