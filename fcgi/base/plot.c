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
