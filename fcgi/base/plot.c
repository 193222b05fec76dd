/*
 * plot.c: line charts as SVG (plot.h).
 */
#include "plot.h"

#include <stdio.h>
#include <string.h>

/* Copy label keeping only characters that need no escaping. */
static void
safe_label(const char *in, char *out, size_t outsz)
{
	size_t	 i;
	char	 c;

	for (i = 0; in[i] != '\0' && i + 1 < outsz; i++) {
		c = in[i];
		out[i] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr(" .,:-()", c) != NULL ?
		    c : ' ';
	}
	out[i] = '\0';
}

size_t
plot_svg(const double *y, int n, const char *label, char *out, size_t outsz)
{
	char	 lab[128];
	double	 lo, hi, x, py, span;
	size_t	 len;
	int	 i, w = PLOT_W - PLOT_LEFT - PLOT_PAD, h = PLOT_H - 2 * PLOT_PAD;

	if (n <= 0 || n > PLOT_POINTS_MAX || outsz == 0)
		return 0;
	lo = hi = y[0];
	for (i = 1; i < n; i++) {
		if (y[i] < lo)
			lo = y[i];
		if (y[i] > hi)
			hi = y[i];
	}
	span = hi - lo;
	safe_label(label, lab, sizeof(lab));
	len = (size_t)snprintf(out, outsz, "<svg class=\"plot\" "
	    "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" "
	    "aria-label=\"%s\"><title>%s</title>"
	    "<polyline fill=\"none\" stroke=\"currentColor\" "
	    "stroke-width=\"2\" points=\"", PLOT_W, PLOT_H, PLOT_W, PLOT_H,
	    lab, lab);
	for (i = 0; i < n && len < outsz; i++) {
		/* One point: in the middle; equal values: a level line. */
		x = n == 1 ? PLOT_LEFT + w / 2.0 : PLOT_LEFT +
		    (double)w * i / (n - 1);
		py = span > 0 ? PLOT_PAD + h * (hi - y[i]) / span :
		    PLOT_H / 2.0;
		len += (size_t)snprintf(out + len, outsz - len, "%s%.1f,%.1f",
		    i > 0 ? " " : "", x, py);
	}
	if (len < outsz && n == 1)
		len += (size_t)snprintf(out + len, outsz - len, "\"/><circle "
		    "cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"currentColor",
		    PLOT_LEFT + w / 2.0, PLOT_H / 2.0);
	if (len < outsz)
		len += (size_t)snprintf(out + len, outsz - len, "\"/>"
		    "<text x=\"2\" y=\"%d\" font-size=\"11\" "
		    "fill=\"currentColor\">%.0f</text>"
		    "<text x=\"2\" y=\"%d\" font-size=\"11\" "
		    "fill=\"currentColor\">%.0f</text></svg>",
		    PLOT_PAD + 8, hi, PLOT_H - PLOT_PAD, lo);
	if (len >= outsz) {
		out[0] = '\0';
		return 0;
	}
	return len;
}

/* Dash patterns, one per line (cycling): readable without color. */
static const char *const dashes[] = {
	"", "6 3", "2 3", "8 3 2 3", "1 5", "12 4"
};
#define NDASHES ((int)(sizeof(dashes) / sizeof(dashes[0])))

/* The stroke attributes of line k. */
static int
line_style(int k, char *out, size_t outsz)
{
	const char	*d = dashes[k % NDASHES];

	return snprintf(out, outsz, "class=\"plot-l%d\" fill=\"none\" "
	    "stroke=\"currentColor\" stroke-width=\"%d\"%s%s%s", k,
	    k / NDASHES > 0 ? 1 : 2, *d != '\0' ? " stroke-dasharray=\"" : "",
	    d, *d != '\0' ? "\"" : "");
}

size_t
plot_lines(const double *y, int nlines, int n, const char *label,
    char *out, size_t outsz)
{
	char	 lab[128], style[96];
	double	 lo, hi, x, py, span;
	size_t	 len;
	int	 i, k, w = PLOT_W - PLOT_LEFT - PLOT_PAD, h = PLOT_H - 2 * PLOT_PAD;

	if (n <= 0 || n > PLOT_POINTS_MAX || nlines <= 0 ||
	    nlines > PLOT_LINES_MAX || outsz == 0)
		return 0;
	lo = hi = y[0];
	for (i = 1; i < nlines * n; i++) {
		if (y[i] < lo)
			lo = y[i];
		if (y[i] > hi)
			hi = y[i];
	}
	span = hi - lo;
	safe_label(label, lab, sizeof(lab));
	len = (size_t)snprintf(out, outsz, "<svg class=\"plot\" "
	    "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" "
	    "aria-label=\"%s\"><title>%s</title>", PLOT_W, PLOT_H, PLOT_W,
	    PLOT_H, lab, lab);
	for (k = 0; k < nlines && len < outsz; k++) {
		line_style(k, style, sizeof(style));
		len += (size_t)snprintf(out + len, outsz - len,
		    "<polyline %s points=\"", style);
		for (i = 0; i < n && len < outsz; i++) {
			x = n == 1 ? PLOT_LEFT + w / 2.0 : PLOT_LEFT +
			    (double)w * i / (n - 1);
			py = span > 0 ? PLOT_PAD + h * (hi - y[k * n + i]) /
			    span : PLOT_H / 2.0;
			len += (size_t)snprintf(out + len, outsz - len,
			    "%s%.1f,%.1f", i > 0 ? " " : "", x, py);
		}
		if (len < outsz)
			len += (size_t)snprintf(out + len, outsz - len,
			    "\"/>");
	}
	if (len < outsz)
		len += (size_t)snprintf(out + len, outsz - len,
		    "<text x=\"2\" y=\"%d\" font-size=\"11\" "
		    "fill=\"currentColor\">%.0f</text>"
		    "<text x=\"2\" y=\"%d\" font-size=\"11\" "
		    "fill=\"currentColor\">%.0f</text></svg>",
		    PLOT_PAD + 8, hi, PLOT_H - PLOT_PAD, lo);
	if (len >= outsz) {
		out[0] = '\0';
		return 0;
	}
	return len;
}

size_t
plot_key(int k, char *out, size_t outsz)
{
	char	 style[96];
	int	 len;

	if (k < 0 || outsz == 0)
		return 0;
	line_style(k, style, sizeof(style));
	len = snprintf(out, outsz, "<svg class=\"plot-key\" width=\"28\" "
	    "height=\"8\" viewBox=\"0 0 28 8\" aria-hidden=\"true\">"
	    "<line %s x1=\"0\" y1=\"4\" x2=\"28\" "
	    "y2=\"4\"/></svg>", style);
	if (len < 0 || (size_t)len >= outsz) {
		out[0] = '\0';
		return 0;
	}
	return (size_t)len;
}
