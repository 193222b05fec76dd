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
	PLOT_SVG_MAX = 8192,	/* bytes a chart of PLOT_POINTS_MAX needs */
	PLOT_LINES_MAX = 12,	/* lines plot_lines draws at most */
	/* bytes plot_lines needs for PLOT_LINES_MAX lines of PLOT_POINTS_MAX */
	PLOT_LINES_SVG_MAX = 1024 + PLOT_LINES_MAX * (160 + 14 * PLOT_POINTS_MAX),
	PLOT_KEY_MAX = 256	/* bytes of one plot_key */
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

/*
 * Several lines over the same points: y[k * n + i] is line k's value
 * at point i (nlines <= PLOT_LINES_MAX, n <= PLOT_POINTS_MAX), drawn on
 * one scale with the lowest and highest value labelled, as plot_svg.
 * Line k has its own dash pattern (plot_key draws it), so the lines
 * tell apart without color; the class "plot-lK" lets a style sheet
 * color them too.  label as in plot_svg.  Returns the length, or 0
 * when there is nothing to draw or it does not fit.
 */
size_t	plot_lines(const double *y, int nlines, int n, const char *label,
	    char *out, size_t outsz);

/*
 * The small sample of line k's pattern (a key beside a name), an
 * <svg> hidden from screen readers (the text beside it says whose
 * line it is).  Returns the length, or 0 when it does not fit.
 */
size_t	plot_key(int k, char *out, size_t outsz);

#endif /* TOPPER_PLOT_H */
