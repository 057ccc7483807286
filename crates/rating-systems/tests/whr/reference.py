"""Runs the `whole-history-rating` package (PyPI, pinned in
scripts/install-test-deps) on games read from standard input, for the
differential test in tests/whr.rs.

Input: one JSON object {"w2": Elo^2 per day, "prior_games": k,
"games": [[first, second, day, score], ...]} with score 1 (first won) or 0.
Output: one JSON object {"player": [[day, elo, deviation_elo], ...]}, the
package's whole-history ratings after iterating to a gradient below 1e-10,
with the first-day prior of k wins and k losses against rating 0 (the
paper's, `initial_prior_wins`) and no Hessian damping (the paper has none),
so that its uncertainties are the paper's: the square root of the diagonal of
the inverse of minus each player's Hessian.
"""
import json
import math
import sys
import warnings

import whr

ELO_PER_NAT = 400 / math.log(10)


def main():
    data = json.load(sys.stdin)
    warnings.simplefilter("ignore")
    base = whr.WHR(
        {
            "w2": data["w2"],
            "initial_prior_wins": data["prior_games"],
            "hessian_damping": 0.0,
        }
    )
    for first, second, day, score in data["games"]:
        winner = "B" if score == 1 else "W"
        base.create_game(f"p{first}", f"p{second}", winner, day, 0)
    iterations, converged = base.auto_iterate(
        time_limit=120, precision=1e-10, batch_size=10
    )
    if not converged:
        sys.exit(f"the reference did not converge in {iterations} iterations")
    out = {}
    for name, player in sorted(base.players.items()):
        out[name[1:]] = [
            [day.day, day.r * ELO_PER_NAT, math.sqrt(day.uncertainty) * ELO_PER_NAT]
            for day in player.days
        ]
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
