"""``report.html``: one self-contained page of tables and plots, in the reader's language.

The plots are drawn with matplotlib (Agg, no display) and embedded as base64 PNG images, so the
page needs no network and no other file. Every word on it comes from the ``lab`` catalogs.
"""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path
from typing import Any

from ludoteca.engine import translate
from ludoteca.engine.i18n import has_key
from ludoteca.games import registry

COMPONENT_ROWS = 60  # a plot of components shows at most this many, the strongest first


def _say(lang: str, key: str, **params: Any) -> str:
    return translate(key, lang, params)


def component_key(summary: dict[str, Any], component: str, part: str) -> str:
    """The game's catalog key of a component's ``title``, ``note`` or ``value`` (the game
    names its own components, as it declares their analysis)."""
    return f"{summary['game']}.lab.component.{component}.{part}"


def end_label(game: str, end: str, lang: str) -> str:
    """The name of an end condition (its key if the catalogs do not name it)."""
    for key in (f"{game}.lab.end.{end}", f"lab.end.{end or 'none'}"):
        if has_key(key, "en"):
            return _say(lang, key)
    return end


def _pct(value: float | None) -> str:
    return "" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def _rate_cell(entry: dict[str, Any]) -> str:
    return f"{_pct(entry['rate'])} [{_pct(entry['low'])}–{_pct(entry['high'])}]"


def _mean_cell(entry: dict[str, Any]) -> str:
    if entry.get("mean") is None:
        return ""
    return f"{_num(entry['mean'])} [{_num(entry['low'])}–{_num(entry['high'])}]"


def _table(head: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


class Plots(dict):
    """The page's plots as PNG bytes by name, kept for ``plots/<name>.png``."""

    def png(self, name: str, figure) -> str:
        """The figure as an embedded image (and kept here as ``name``)."""
        import matplotlib.pyplot as plt

        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
        plt.close(figure)
        self[name] = buffer.getvalue()
        return _embed(self[name])


def _embed(png: bytes) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f'<img alt="" src="data:image/png;base64,{data}">'


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


# -- plots ------------------------------------------------------------------------------------


def plot_ends(summary: dict[str, Any], lang: str):
    """Grouped bars: how often each end condition ends the games, per point, with intervals."""
    plt = _pyplot()
    points = summary["points"]
    ends = sorted({end for point in points for end in point["ends"]})
    figure, axes = plt.subplots(figsize=(max(5.0, 1.6 * len(ends) * max(1, len(points)) / 2), 3.6))
    width = 0.8 / len(points)
    for n, point in enumerate(points):
        rates = [point["ends"].get(end, {"rate": 0, "low": 0, "high": 0}) for end in ends]
        xs = [i + (n - (len(points) - 1) / 2) * width for i in range(len(ends))]
        heights = [r["rate"] for r in rates]
        errors = [[r["rate"] - r["low"] for r in rates], [r["high"] - r["rate"] for r in rates]]
        axes.bar(xs, heights, width, yerr=errors, capsize=3, label=point["point"])
    axes.set_xticks(range(len(ends)))
    axes.set_xticklabels([end_label(summary["game"], e, lang) for e in ends])
    axes.set_ylabel(_say(lang, "lab.plot.share"))
    axes.set_ylim(0, 1)
    axes.legend(fontsize="small")
    return figure


def plot_seats(summary: dict[str, Any], lang: str):
    """Win rate of each seat per point with intervals, and the fair share as a line."""
    plt = _pyplot()
    points = [p for p in summary["points"] if "seats" in p]
    figure, axes = plt.subplots(figsize=(6.4, 3.6))
    width = 0.8 / max(1, len(points))
    for n, point in enumerate(points):
        seats = point["seats"]
        xs = [i + (n - (len(points) - 1) / 2) * width for i in range(len(seats))]
        errors = [[s["rate"] - s["low"] for s in seats], [s["high"] - s["rate"] for s in seats]]
        axes.bar(
            xs, [s["rate"] for s in seats], width, yerr=errors, capsize=3, label=point["point"]
        )
        for x, _ in zip(xs, seats, strict=True):
            axes.hlines(1 / point["players"], x - width / 2, x + width / 2, colors="black", lw=1)
    seats_most = max(len(p["seats"]) for p in points)
    axes.set_xticks(range(seats_most))
    axes.set_xticklabels([_say(lang, "lab.col.seat_n", n=s + 1) for s in range(seats_most)])
    axes.set_ylabel(_say(lang, "lab.plot.win_rate"))
    axes.set_ylim(0, 1)
    axes.legend(fontsize="small", title=_say(lang, "lab.plot.fair_line"), title_fontsize="small")
    return figure


def plot_distributions(summary: dict[str, Any], rows: list[dict[str, Any]], lang: str):
    """Box plots per point: actions per game, and final scores."""
    plt = _pyplot()
    labels = [p["point"] for p in summary["points"]]
    actions = [[r["actions"] for r in rows if r["point"] == label] for label in labels]
    scores = [[s for r in rows if r["point"] == label for s in r["scores"]] for label in labels]
    figure, (left, right) = plt.subplots(1, 2, figsize=(9, 3.4))
    left.boxplot(actions)
    left.set_xticks(range(1, len(labels) + 1), labels, fontsize="small")
    left.set_ylabel(_say(lang, "lab.plot.actions"))
    right.boxplot(scores)
    right.set_xticks(range(1, len(labels) + 1), labels, fontsize="small")
    right.set_ylabel(_say(lang, "lab.plot.score"))
    figure.tight_layout()
    return figure


def plot_components(summary: dict[str, Any], component: str, lang: str):
    """Mean value of each component with its interval: one panel per point, or one panel of
    all points when each point has a single component (a level card per level)."""
    plt = _pyplot()
    points = [p for p in summary["points"] if component in p["components"]]
    panels_of = [
        [(e["name"], e) for e in p["components"][component][:COMPONENT_ROWS]] for p in points
    ]
    titles = [p["point"] for p in points]
    if all(len(entries) == 1 for entries in panels_of):
        panels_of = [
            [(f"{p['point']}: {e[0][0]}", e[0][1]) for p, e in zip(points, panels_of, strict=True)]
        ]
        titles = [""]
    most = max(len(entries) for entries in panels_of)
    figure, panels = plt.subplots(
        1, len(panels_of), figsize=(4.2 * len(panels_of) + 1, 0.28 * most + 1.2), squeeze=False
    )
    every = [entry for entries in panels_of for _, entry in entries]
    # values that never differ (a tool use counts 1) say nothing: show the win rate of the
    # seat that used it most
    by_win = "best" in every[0] and len({e["value"]["mean"] for e in every}) == 1
    for axes, entries, title in zip(panels[0], panels_of, titles, strict=True):
        entries = entries[::-1]
        if by_win:
            values = [{"mean": e["best"]["rate"], **e["best"]} for _, e in entries]
            axes.set_xlabel(_say(lang, "lab.plot.win_rate"))
            axes.axvline(1 / points[0]["players"], color="black", lw=1)
        else:
            values = [entry["value"] for _, entry in entries]
            axes.set_xlabel(_say(lang, component_key(summary, component, "value")))
        errors = [[v["mean"] - v["low"] for v in values], [v["high"] - v["mean"] for v in values]]
        axes.barh(range(len(entries)), [v["mean"] for v in values], xerr=errors, capsize=2)
        axes.set_yticks(range(len(entries)), [name for name, _ in entries], fontsize="small")
        axes.set_title(title, fontsize="small")
    figure.tight_layout()
    return figure


# -- the page ---------------------------------------------------------------------------------


def _ends_table(summary: dict[str, Any], lang: str) -> str:
    rows = []
    for point in summary["points"]:
        for end, entry in point["ends"].items():
            label = end_label(summary["game"], end, lang)
            rows.append(
                [point["point"], label, f"{entry['count']:g} / {entry['of']}", _rate_cell(entry)]
            )
    head = ["lab.col.point", "lab.col.end", "lab.col.games", "lab.col.rate_interval"]
    return _table([_say(lang, k) for k in head], rows)


def _overview_table(summary: dict[str, Any], lang: str) -> str:
    metrics = [
        ("lab.metric.completion", lambda p: _rate_cell(p["completion"])),
        ("lab.metric.actions", lambda p: _mean_cell(p["actions"])),
        ("lab.metric.turns", lambda p: _mean_cell(p["turns"])),
        ("lab.metric.scores", lambda p: _mean_cell(p["scores"])),
        ("lab.metric.first_seat", lambda p: _advantage(p)),
        ("lab.metric.ties", lambda p: _rate_cell(p["ties"]) if "ties" in p else ""),
        ("lab.metric.margin", lambda p: _mean_cell(p["margin"]) if "margin" in p else ""),
        (
            "lab.metric.lead_changes",
            lambda p: _mean_cell(p["lead_changes"]) if "lead_changes" in p else "",
        ),
    ]
    head = [_say(lang, "lab.col.metric")] + [p["point"] for p in summary["points"]]
    rows = [[_say(lang, key)] + [cell(p) for p in summary["points"]] for key, cell in metrics]
    rows = [row for row in rows if any(row[1:])]  # a solitaire game has no seats to compare
    games = [_say(lang, "lab.col.games")] + [str(p["games"]) for p in summary["points"]]
    return _table(head, [games, *rows])


def _random_play(summary: dict[str, Any], lang: str) -> str:
    """The points played by random play in batches: lengths, scores, first-seat advantage."""
    metrics = [
        ("lab.col.games", lambda p: str(p["games"])),
        ("lab.metric.actions", lambda p: _mean_cell(p["actions"])),
        ("lab.metric.scores", lambda p: _mean_cell(p["scores"])),
        ("lab.metric.first_seat", lambda p: _advantage(p)),
    ]
    points = [p["random_play"] for p in summary["points"]]
    head = [_say(lang, "lab.col.metric")] + [p["point"] for p in summary["points"]]
    rows = [[_say(lang, key)] + [cell(p) for p in points] for key, cell in metrics]
    rows = [row for row in rows if any(row[1:])]
    note = html.escape(_say(lang, "lab.random_play.note"))
    ends = []
    for point in summary["points"]:
        recorded = point["random_play"].get("recorded")
        for end, entry in (recorded or {}).get("ends", {}).items():
            label = end_label(summary["game"], end, lang)
            ends.append(
                [point["point"], label, f"{entry['count']:g} / {entry['of']}", _rate_cell(entry)]
            )
    if not ends:
        return f"<p class=note>{note}</p>" + _table(head, rows)
    games = summary["points"][0]["random_play"]["recorded"]["games"]
    recorded_note = html.escape(_say(lang, "lab.random_play.recorded", games=games))
    end_head = ["lab.col.point", "lab.col.end", "lab.col.games", "lab.col.rate_interval"]
    return (
        f"<p class=note>{note}</p>"
        + _table(head, rows)
        + f"<p class=note>{recorded_note}</p>"
        + _table([_say(lang, k) for k in end_head], ends)
    )


def _policies(point: dict[str, Any], lang: str, bots: list[str]) -> list[tuple[str, Any]]:
    """(column head, measures) of a point under each playout policy: the study's bots and
    random play (the games played one by one)."""
    found = [(_say(lang, "lab.policy.bots", bots=", ".join(bots)), point)]
    recorded = point.get("random_play", {}).get("recorded")
    if recorded:
        found.append((_say(lang, "lab.policy.random"), recorded))
    return found


def _decisions(summary: dict[str, Any], lang: str) -> str:
    """Ludii's measures of play, per point, under each policy side by side."""
    metrics = [
        ("lab.col.games", lambda m: str(m["games"])),
        ("lab.metric.decisions", lambda m: str(m["decisions"]["decisions"])),
        ("lab.metric.branching", lambda m: _mean_cell(m["decisions"]["branching"])),
        ("lab.metric.choice", lambda m: _rate_cell(m["decisions"]["choice"])),
        (
            "lab.metric.distribution",
            lambda m: ", ".join(
                f"{b['legal']}: {_pct(b['share'])}" for b in m["decisions"]["distribution"]
            ),
        ),
        (
            "lab.metric.kinds",
            lambda m: ", ".join(
                f"{k['kind']} {k['per_game']:.1f}" for k in m["decisions"]["kinds"]
            ),
        ),
        ("lab.metric.turns", lambda m: _mean_cell(m["turns"])),
        ("lab.metric.actions", lambda m: _mean_cell(m["actions"])),
    ]
    columns = [
        (f"{point['point']}: {head}", measures)
        for point in summary["points"]
        if "decisions" in point
        for head, measures in _policies(point, lang, summary["bots"])
    ]
    if not columns:
        return ""
    head = [_say(lang, "lab.col.metric")] + [name for name, _ in columns]
    rows = [[_say(lang, key)] + [cell(m) for _, m in columns] for key, cell in metrics]
    note = html.escape(_say(lang, "lab.decisions.note"))
    return f"<p class=note>{note}</p>" + _table(head, rows)


def _skill_trace(summary: dict[str, Any], lang: str) -> str:
    """Per point, each MCTS budget's win rate (alone: its score) against the fixed one."""
    rows = [
        [
            point["point"],
            line["bot"],
            line["against"] if point["players"] > 1 else "",
            f"{line['win']['count']:g} / {line['win']['of']}" if "win" in line else "",
            _rate_cell(line["win"]) if "win" in line else "",
            _mean_cell(line["score"]),
        ]
        for point in summary["points"]
        for line in point.get("skill_trace", [])
    ]
    if not rows:
        return ""
    head = [
        "lab.col.point",
        "lab.col.bot",
        "lab.col.against",
        "lab.col.wins",
        "lab.col.rate_interval",
        "lab.col.mean_score",
    ]
    note = html.escape(_say(lang, "lab.skill_trace.note", fixed=summary.get("skill_fixed", "")))
    return f"<p class=note>{note}</p>" + _table([_say(lang, k) for k in head], rows)


def _advantage(point: dict[str, Any]) -> str:
    if "first_seat_advantage" not in point:
        return ""
    a = point["first_seat_advantage"]
    return f"{100 * a['rate']:+.1f} [{100 * a['low']:+.1f}, {100 * a['high']:+.1f}] pp"


def _seats_table(summary: dict[str, Any], lang: str) -> str:
    rows = []
    for point in summary["points"]:
        for seat, entry in enumerate(point.get("seats", [])):
            rows.append(
                [
                    point["point"],
                    str(seat + 1),
                    f"{entry['count']:g} / {entry['of']}",
                    _rate_cell(entry),
                    _num(entry["mean_score"]),
                ]
            )
    head = [
        "lab.col.point",
        "lab.col.seat",
        "lab.col.wins",
        "lab.col.rate_interval",
        "lab.col.mean_score",
    ]
    return _table([_say(lang, k) for k in head], rows)


def _skill(summary: dict[str, Any], lang: str) -> str:
    parts = []
    for point in summary["points"]:
        gap = point.get("skill_gap")
        if point["players"] == 1:
            rows = [[b["bot"], _mean_cell(b["score"]), str(b["score"]["n"])] for b in point["bots"]]
            head = ["lab.col.bot", "lab.col.mean_score", "lab.col.games"]
            parts.append(f"<h3>{html.escape(point['point'])}</h3>")
            parts.append(_table([_say(lang, k) for k in head], rows))
            continue
        parts.append(f"<h3>{html.escape(point['point'])}</h3>")
        if gap is not None:
            rows = [
                [b["bot"], f"{b['count']:g} / {b['of']}", _rate_cell(b), _num(b["mean_score"])]
                for b in point["bots"]
            ]
            head = ["lab.col.bot", "lab.col.wins", "lab.col.rate_interval", "lab.col.mean_score"]
            parts.append(_table([_say(lang, k) for k in head], rows))
        if gap is None:
            parts.append(f"<p>{html.escape(_say(lang, 'lab.skill.none'))}</p>")
        else:
            text = _say(
                lang,
                "lab.skill.gap",
                strong=gap["strong"],
                weak=gap["weak"],
                gap=f"{100 * gap['gap']:.1f}",
                gain=_mean_cell(gap["score_gain"]),
            )
            parts.append(f"<p>{html.escape(text)}</p>")
    parts.append(f"<p class=note>{html.escape(_say(lang, 'lab.skill.note'))}</p>")
    return "".join(parts)


def _components(summary: dict[str, Any], lang: str, plots: Plots) -> str:
    kinds = list(dict.fromkeys(k for p in summary["points"] for k in p["components"]))
    parts = []
    for component in kinds:
        title, note = (component_key(summary, component, part) for part in ("title", "note"))
        parts.append(f"<h3>{html.escape(_say(lang, title))}</h3>")
        parts.append(f"<p class=note>{html.escape(_say(lang, note))}</p>")
        parts.append(plots.png(component, plot_components(summary, component, lang)))
        rows = []
        for point in summary["points"]:
            for entry in point["components"].get(component, []):
                win = _rate_cell(entry["win"]) if "win" in entry else ""
                best = _rate_cell(entry["best"]) if "best" in entry else ""
                rows.append(
                    [
                        point["point"],
                        entry["name"],
                        str(entry["uses"]),
                        _mean_cell(entry["value"]),
                        best,
                        win,
                    ]
                )
        head = [
            "lab.col.point",
            "lab.col.name",
            "lab.col.uses",
            "lab.col.mean_value",
            "lab.col.best_win_rate",
            "lab.col.win_rate",
        ]
        parts.append(f"<details><summary>{html.escape(_say(lang, 'lab.table'))}</summary>")
        parts.append(_table([_say(lang, k) for k in head], rows) + "</details>")
    return "".join(parts)


STYLE = """
body{font-family:sans-serif;max-width:70rem;margin:1rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;
text-align:left;font-size:.9rem}th{background:#f0f0f0}img{max-width:100%}.note{color:#555}
"""


def render(
    summary: dict[str, Any],
    rows: list[dict[str, Any]],
    lang: str = "en",
    plots: Plots | None = None,
) -> str:
    """The whole page; its plots are also kept in ``plots``."""
    plots = Plots() if plots is None else plots
    if summary["game"] in registry.ids():
        registry.parts(summary["game"])  # its catalogs name its ends and components
    sections = [
        ("lab.section.overview", _overview_table(summary, lang)),
        (
            "lab.section.ends",
            plots.png("ends", plot_ends(summary, lang)) + _ends_table(summary, lang),
        ),
    ]
    if any("seats" in p for p in summary["points"]):
        balance = plots.png("seats", plot_seats(summary, lang)) + _seats_table(summary, lang)
        sections.append(("lab.section.balance", balance))
    sections.append(
        (
            "lab.section.distributions",
            plots.png("distributions", plot_distributions(summary, rows, lang)),
        )
    )
    sections.append(("lab.section.skill", _skill(summary, lang)))
    trace = _skill_trace(summary, lang)
    if trace:
        sections.append(("lab.section.skill_trace", trace))
    played = _decisions(summary, lang)
    if played:
        sections.append(("lab.section.decisions", played))
    sections.append(("lab.section.random_play", _random_play(summary, lang)))
    if any(p["components"] for p in summary["points"]):
        sections.append(("lab.section.components", _components(summary, lang, plots)))
    name_key = f"{summary['game']}.name"
    name = _say(lang, name_key) if has_key(name_key, "en") else summary["game"]
    title = _say(lang, "lab.title", game=name)
    intro = _say(
        lang,
        "lab.intro",
        games=summary["games_per_point"],
        points=len(summary["points"]),
        bots=", ".join(summary["bots"]),
        seed=summary["seed"],
    )
    body = "".join(f"<h2>{html.escape(_say(lang, key))}</h2>{content}" for key, content in sections)
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(intro)}</p>"
        f"<p class=note>{html.escape(_say(lang, 'lab.intervals'))}</p>{body}</body></html>"
    )


def write_outputs(
    info: dict[str, Any], rows: list[dict[str, Any]], folder: str | Path, lang: str = "en"
) -> tuple[Path, Path]:
    """Write ``summary.json``, ``report.html`` and the report's plots (``plots/*.png``) of a
    study's games into ``folder``."""
    from .metrics import study_summary

    summary = study_summary(info, rows)
    folder = Path(folder)
    summary_path, report_path = folder / "summary.json", folder / "report.html"
    summary_path.write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", "utf-8")
    plots = Plots()
    report_path.write_text(render(summary, rows, lang, plots), "utf-8")
    (folder / "plots").mkdir(exist_ok=True)
    for name, png in plots.items():
        (folder / "plots" / f"{name}.png").write_bytes(png)
    return summary_path, report_path
