/*
 * rating.c: Glicko-2 and Weng-Lin (rating.h).  The formulas follow the
 * papers' step numbers so a reader can check them line by line.
 */
#include "rating.h"

#include <math.h>
#include <string.h>

#define GLICKO_SCALE	173.7178	/* Glicko-2 step 2: r and RD to mu, phi */
#define GLICKO_EPS	0.000001	/* step 5: convergence of the volatility */

void
rating_new(struct rating *out)
{
	out->r = RATING_START;
	out->rd = RATING_START_RD;
	out->vol = RATING_START_VOL;
}

static double
g_of(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

/* Step 5.1's f(x). */
static double
vol_f(double x, double delta, double phi, double v, double a, double tau)
{
	double	 ex = exp(x), d = phi * phi + v + ex;

	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) -
	    (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double
new_vol(double sigma, double delta, double phi, double v, double tau)
{
	double	 a = log(sigma * sigma), A = a, B, C, fA, fB, fC;
	int	 k, i;

	if (delta * delta > phi * phi + v)
		B = log(delta * delta - phi * phi - v);
	else {
		for (k = 1; k < 1000 &&
		    vol_f(a - k * tau, delta, phi, v, a, tau) < 0; k++)
			continue;
		B = a - k * tau;
	}
	fA = vol_f(A, delta, phi, v, a, tau);
	fB = vol_f(B, delta, phi, v, a, tau);
	for (i = 0; i < 200 && fabs(B - A) > GLICKO_EPS; i++) {
		C = A + (A - B) * fA / (fB - fA);
		fC = vol_f(C, delta, phi, v, a, tau);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else
			fA /= 2.0;
		B = C;
		fB = fC;
	}
	return exp(A / 2.0);
}

void
rating_glicko2(const struct rating *self, const struct rating *opp,
    const double *score, int n, double tau, struct rating *out)
{
	double	 mu, phi, sigma, v = 0, sum = 0, delta, phistar, phinew;
	double	 gj, ej, muj;
	int	 j;

	mu = (self->r - 1500.0) / GLICKO_SCALE;
	phi = self->rd / GLICKO_SCALE;
	sigma = self->vol;
	if (n <= 0) {		/* no games: only the deviation grows */
		out->r = self->r;
		out->rd = sqrt(phi * phi + sigma * sigma) * GLICKO_SCALE;
		out->vol = sigma;
		return;
	}
	for (j = 0; j < n; j++) {	/* steps 3 and 4 */
		muj = (opp[j].r - 1500.0) / GLICKO_SCALE;
		gj = g_of(opp[j].rd / GLICKO_SCALE);
		ej = 1.0 / (1.0 + exp(-gj * (mu - muj)));
		v += gj * gj * ej * (1.0 - ej);
		sum += gj * (score[j] - ej);
	}
	v = 1.0 / v;
	delta = v * sum;
	sigma = new_vol(sigma, delta, phi, v, tau);	/* step 5 */
	phistar = sqrt(phi * phi + sigma * sigma);	/* step 6 */
	phinew = 1.0 / sqrt(1.0 / (phistar * phistar) + 1.0 / v); /* step 7 */
	mu += phinew * phinew * sum;
	out->r = mu * GLICKO_SCALE + 1500.0;		/* step 8 */
	out->rd = phinew * GLICKO_SCALE;
	out->vol = sigma;
}

int
rating_wl(const struct rating *in, const int *team, const int *place,
    int n, double beta, double kappa, double tau_add, struct rating *out)
{
	double	 tmu[GAME_SEATS_MAX], tsig2[GAME_SEATS_MAX];
	double	 sig2[GAME_SEATS_MAX], cq[GAME_SEATS_MAX];
	double	 omega[GAME_SEATS_MAX], delta[GAME_SEATS_MAX];
	double	 c = 0, q, gamma, w;
	int	 tplace[GAME_SEATS_MAX], aq[GAME_SEATS_MAX];
	int	 used[GAME_SEATS_MAX];
	int	 i, s, k, nteams = 0;

	if (n < 2 || n > GAME_SEATS_MAX)
		return -1;
	memset(tmu, 0, sizeof(tmu));
	memset(tsig2, 0, sizeof(tsig2));
	memset(used, 0, sizeof(used));
	for (i = 0; i < n; i++) {
		if (team[i] < 0 || team[i] >= n || place[i] < 1 ||
		    in[i].rd <= 0)
			return -1;
		if (used[team[i]] && tplace[team[i]] != place[i])
			return -1;	/* a team has one place */
		if (!used[team[i]])
			nteams++;
		used[team[i]] = 1;
		tplace[team[i]] = place[i];
		sig2[i] = in[i].rd * in[i].rd + tau_add * tau_add;
		tmu[team[i]] += in[i].r;
		tsig2[team[i]] += sig2[i];
	}
	if (nteams < 2)
		return -1;
	/* c: the spread of every team's performance. */
	for (k = 0; k < n; k++)
		if (used[k])
			c += tsig2[k] + beta * beta;
	c = sqrt(c);
	/* C_q: the teams placed at or below q; A_q: the teams tied with q. */
	for (k = 0; k < n; k++) {
		cq[k] = 0;
		aq[k] = 0;
		if (!used[k])
			continue;
		for (s = 0; s < n; s++) {
			if (!used[s])
				continue;
			if (tplace[s] >= tplace[k])
				cq[k] += exp(tmu[s] / c);
			if (tplace[s] == tplace[k])
				aq[k]++;
		}
	}
	/* Omega_i and Delta_i over the teams q placed at or above i. */
	for (i = 0; i < n; i++) {
		omega[i] = delta[i] = 0;
		if (!used[i])
			continue;
		for (k = 0; k < n; k++) {
			if (!used[k] || tplace[k] > tplace[i])
				continue;
			q = exp(tmu[i] / c) / cq[k];
			omega[i] += ((k == i ? 1.0 : 0.0) - q) / aq[k];
			delta[i] += q * (1.0 - q) / aq[k];
		}
		gamma = sqrt(tsig2[i]) / c;
		omega[i] *= tsig2[i] / c;
		delta[i] *= gamma * tsig2[i] / (c * c);
	}
	/* Each member takes its share of its team's change. */
	for (i = 0; i < n; i++) {
		k = team[i];
		w = sig2[i] / tsig2[k];
		out[i].r = in[i].r + w * omega[k];
		out[i].rd = sqrt(sig2[i] * fmax(1.0 - w * delta[k], kappa));
		out[i].vol = in[i].vol;
	}
	return 0;
}

int
rating_game(const struct rating *in, const int *team, const int *place,
    int n, struct rating *out)
{
	struct rating	 a, b;
	double		 s;
	int		 i;

	if (n == 2 && team[0] != team[1]) {
		s = place[0] < place[1] ? 1.0 : place[0] > place[1] ? 0.0 :
		    0.5;
		a = in[0];
		b = in[1];
		rating_glicko2(&a, &b, &s, 1, RATING_TAU, &out[0]);
		s = 1.0 - s;
		rating_glicko2(&b, &a, &s, 1, RATING_TAU, &out[1]);
	} else if (rating_wl(in, team, place, n, RATING_WL_BETA,
	    RATING_WL_KAPPA, RATING_WL_TAU, out) != 0)
		return -1;
	for (i = 0; i < n; i++)
		if (out[i].rd < RATING_RD_MIN)
			out[i].rd = RATING_RD_MIN;
	return 0;
}

void
rating_merge(const struct rating *in, const long long *who, int n,
    struct rating *out)
{
	double	 dr, rd, vol;
	int	 i, j, k;

	for (i = 0; i < n; i++) {
		for (j = 0; j < i && who[j] != who[i]; j++)
			continue;
		if (j < i)
			continue;	/* done with its first seat */
		dr = rd = vol = 0;
		for (k = 0, j = i; j < n; j++)
			if (who[j] == who[i]) {
				dr += out[j].r - in[j].r;
				rd += out[j].rd;
				vol += out[j].vol;
				k++;
			}
		if (k == 1)
			continue;
		for (j = i; j < n; j++)
			if (who[j] == who[i]) {
				out[j].r = in[i].r + dr / k;
				out[j].rd = rd / k;
				out[j].vol = vol / k;
			}
	}
}

/* Place units (seats or teams) by score, winners first. */
static void
place_units(const int32_t *score, const int *win, int n, int *place)
{
	double	 ws = 0, ls = 0;
	int	 nw = 0, nl = 0, higher, i, j, better;

	for (i = 0; i < n; i++) {
		if (win[i]) {
			ws += score[i];
			nw++;
		} else {
			ls += score[i];
			nl++;
		}
	}
	/* Compare means cross-multiplied: no division by zero. */
	higher = nw == 0 || nl == 0 || ws * nl >= ls * nw;
	for (i = 0; i < n; i++) {
		better = 0;
		for (j = 0; j < n; j++) {
			if (j == i)
				continue;
			if (win[j] && !win[i])
				better++;
			else if (win[j] == win[i] && !win[i] && (higher ?
			    score[j] > score[i] : score[j] < score[i]))
				better++;
		}
		place[i] = 1 + better;
	}
}

void
rating_places(const struct game_status *gs, int *place, int *team)
{
	int	 win[GAME_SEATS_MAX], tplace[GAME_SEATS_MAX];
	int	 n = gs->nseats, nt = gs->nteams, s, t;

	if (nt > 0 && nt <= GAME_SEATS_MAX) {
		memset(win, 0, sizeof(win));
		for (s = 0; s < n; s++)
			if (gs->team[s] < nt && (gs->winners >> s) & 1)
				win[gs->team[s]] = 1;
		place_units(gs->team_scores, win, nt, tplace);
		for (s = 0; s < n; s++) {
			t = gs->team[s] < nt ? gs->team[s] : 0;
			team[s] = t;
			place[s] = tplace[t];
		}
		return;
	}
	for (s = 0; s < n; s++) {
		win[s] = (gs->winners >> s) & 1;
		team[s] = s;
	}
	place_units(gs->scores, win, n, place);
}
