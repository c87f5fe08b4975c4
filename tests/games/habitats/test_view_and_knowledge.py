"""The whole game: a played game, the view, messages, the bot."""

import random
import re
import xml.etree.ElementTree as ElementTree

from ludoteca import TERMINAL, load_game
from ludoteca.bots import HeuristicBot, RandomBot
from ludoteca.engine import play, translate
from ludoteca.engine.parts import Overlay
from ludoteca.games.habitats import KNOWLEDGE, VIEW
from ludoteca.games.habitats.view import DESKTOP, LEAST_FONT, PHONE, tile_name_lines
from ludoteca.games.habitats.words import park_text

from .helpers import EXAMPLE, park, placing, playing_state


def test_a_four_player_game_plays_to_the_end_with_a_score_sheet():
    game = load_game("habitats", players=4)
    final = play(game.new_initial_state(), [HeuristicBot(s) for s in range(4)], random.Random(1))
    assert final.current_player == TERMINAL
    assert all(len(points) == 3 for points in final.goal_points)
    assert all(len(p.tiles) == 1 + 19 for p in final.parks)  # entrance + 7 + 6 + 6 turns
    sheet = final.observation(0)["score_sheet"]
    assert [row["total"] for row in sheet] == final.scores()
    assert all(row["total"] == sum(row["goals"]) + row["park"] for row in sheet)
    text = str(final)
    assert "Score sheet" in text and "Winner" in text


def test_the_view_has_every_click_and_grows_with_the_park():
    state = placing(playing_state(2), park(EXAMPLE), "road2-forest")
    picture = VIEW.svg(state, 0)
    ids = {el.get("id") for el in ElementTree.fromstring(picture).iter()}
    for action in state.legal_actions():
        assert set(state.clicks(action)) <= ids
    assert state.clicks("place:-5,0:NS") == ["park0_x-5_y0", "rot-NS"]
    small = playing_state(2)
    width = lambda svg: float(svg.split('viewBox="0 0 ')[1].split()[0])  # noqa: E731
    height = lambda svg: float(svg.split('viewBox="0 0 ')[1].split()[1].rstrip('"'))  # noqa: E731
    assert width(picture) + height(picture) > width(VIEW.svg(small, 0)) + height(VIEW.svg(small, 0))


def test_take_clicks_are_market_ids():
    state = playing_state(2)
    assert state.clicks("take:b2") == ["mk-b2"]
    picture = VIEW.svg(state, 0)
    assert 'id="mk-b2"' in picture and 'id="mk-a1"' in picture


def test_prompts_labels_and_log_lines_are_translated():
    state = playing_state(2)
    prompt = state.prompt(0)
    assert prompt.key == "habitats.prompt.take"
    assert "Markt" in prompt.text("de")
    label = state.label("take:b2")
    assert label.key == "habitats.label.take" and label.text("fr").startswith("prendre")
    assert state.describe(0, "place:1,-2").text("ru") == "Игрок 1 кладёт плитку на →1 ↓2"
    assert state.describe(-1, "draw:hippo").text("de") == "Aus dem Vorrat gezogen: Flusspferd"
    assert translate("habitats.goal.diagonal", "fr") == "plus longue chaîne diagonale"


def test_bot_beats_random():
    wins = 0
    for seed in range(4):
        seat = seed % 2
        agents = {seat: HeuristicBot(seed), 1 - seat: RandomBot(seed)}
        game = load_game("habitats", players=2)
        final = play(game.new_initial_state(), agents, random.Random(seed))
        wins += final.winners() == [seat]
    assert wins == 4


def test_evaluate_prefers_the_leader():
    state = placing(playing_state(2), park(EXAMPLE), "hippo")
    values = KNOWLEDGE.evaluate(state)
    assert values[0] > 0.9 and values[1] < 0.1


def test_rules_pages_exist_in_four_languages():
    game = load_game("habitats")
    for lang in ("en", "de", "fr", "ru"):
        text = game.rules_text(lang)
        assert "take:b2" in text and len(text) > 1500


def test_notation_round_trips_through_parse_and_format():
    from ludoteca.games.habitats import parse_place, place_action

    state = placing(playing_state(2), park(EXAMPLE), "road2-grassland")
    actions = state.legal_actions()
    assert actions and all(":" in a.split(",")[1] for a in actions)  # road sides given
    for action in actions:
        assert place_action(*parse_place(action)) == action
        assert (
            state.apply(action).parks[0].tiles[parse_place(action)[0]][1] == parse_place(action)[1]
        )


def test_hint_gives_the_greedy_action_with_a_reason():
    state = playing_state(2)
    advice = KNOWLEDGE.hint(state, 0)
    assert advice.action in state.legal_actions()
    assert advice.reason.key == "habitats.hint.gain"
    assert advice.overlay.action == advice.action
    assert KNOWLEDGE.hint(state, 1) is None


def test_the_text_market_names_the_figures_in_play_and_counts_a_road_tiles_roads():
    state = playing_state(3, market={"a1": "road3-water", "b2": "road2-forest"})
    text = str(state)
    assert "P1–P3" in text and "P1–P5" not in text
    assert "wR3" in text and "fR2" in text


def test_a_replayed_game_shares_its_parks_and_scores_with_the_original():
    game = load_game("habitats", players=2)
    final = play(game.new_initial_state(), [RandomBot(s) for s in range(2)], random.Random(4))
    again = game.replay(final.history())
    assert again == final and again.scores() == final.scores()
    assert all(a is b for a, b in zip(again.parks, final.parks, strict=True))


def test_the_picture_speaks_the_viewers_language_in_the_market_and_the_scores():
    state = playing_state(2, market={"a1": "frog"})
    picture = VIEW.svg(state, 0, lang="ru")
    assert translate("habitats.tile.frog", "ru") in picture and ">frog<" not in picture
    assert "0 ПО" in picture and "0 VP" not in picture


def test_a_hint_rings_the_space_it_advises():
    state = playing_state(2)
    advice = KNOWLEDGE.hint(state, 0)
    picture = VIEW.svg(state, 0, overlay=advice.overlay)
    assert picture.count('stroke="#00a3ff"') == 1
    assert "#00a3ff" not in VIEW.svg(state, 0)
    placing_now = state.apply(advice.action)
    while placing_now.current_player < 0:
        placing_now = placing_now.apply(placing_now.chance_outcomes()[0][0])
    advice = KNOWLEDGE.hint(placing_now, 0)
    assert VIEW.svg(placing_now, 0, overlay=advice.overlay).count('stroke="#00a3ff"') >= 1


def test_the_text_board_explains_its_codes_and_the_market_tiles_needs():
    state = playing_state(2, market={"a1": "zebra", "b2": "tower-around", "c1": "road2-forest"})
    text = state.text_board("en")
    assert "Codes: the first letter is the landscape: g grassland" in text
    assert "T| Tx T+ T# watchtowers" in text and "=NE an access road" in text
    assert "+ its habitat is complete, - not yet" in text
    zebra = next(line for line in text.splitlines() if line.startswith("  a1 "))
    assert "gzeb" in zebra and "zebra: 4 VP when its habitat holds 3 grassland, 1 water" in zebra
    tower = next(line for line in text.splitlines() if line.startswith("  b2 "))
    assert "#T#" in tower and "1 VP per animal with its habitat" in tower
    assert "the 8\n" + " " * 13 + "tiles around" in text  # wrapped within 100 columns
    assert "fR2" in text and "when every side without a road touches a tile" in text
    assert "Коды: первая буква" in state.text_board("ru")


def test_every_line_of_the_text_board_fits_100_columns_even_for_a_long_thin_park():
    # a park 20 tiles wide is cut into bands of columns, each with its own x axis
    row = {(x, 0): "zebra" for x in range(1, 21)}
    built = park(row)
    lines = park_text(built)
    assert max(len("  " + line) for line in lines) <= 100
    assert sum(1 for line in lines if line.startswith("  0 ")) == 2  # row y=0 in two bands
    for lang in ("en", "de", "fr", "ru"):
        game = load_game("habitats", players=5)
        final = play(game.new_initial_state(), [RandomBot(s) for s in range(5)], random.Random(3))
        assert max(len(line) for line in final.text_board(lang).splitlines()) <= 100


def test_every_tile_and_what_it_needs_on_request_in_four_languages():
    state = playing_state(2)
    for lang in ("en", "de", "fr", "ru"):
        tiles = state.text_topics(lang)["tiles"]
        assert max(len(line) for line in tiles.splitlines()) <= 100
        assert len([line for line in tiles.splitlines() if "×" in line]) == 58  # every kind
    assert (
        "  gzeb  ×2  zebra: 4 VP when its habitat holds 3 grassland, 1 water"
        in (state.text_topics("en")["tiles"])
    )


def test_a_lessons_marks_ring_market_squares_and_free_park_cells():
    state = playing_state(2)
    picture = VIEW.svg(state, 0, overlay=Overlay(marks=("mk-a1", "mk-c1")))
    assert picture.count('stroke="#00a3ff"') == 2
    placing_now = state.apply(state.legal_actions()[0])
    while placing_now.current_player < 0:
        placing_now = placing_now.apply(placing_now.chance_outcomes()[0][0])
    cell = placing_now.clicks(placing_now.legal_actions()[0])[0]
    assert VIEW.svg(placing_now, 0, overlay=Overlay(marks=(cell,))).count('stroke="#00a3ff"') == 1


def test_a_tourists_word_in_two_lines_breaks_where_russian_may_and_clears_the_badge():
    state = playing_state(2)
    parks = (park({(0, 1): "flower-forest", (1, 1): "big-forest"}), *state.parks[1:])
    drawn = ElementTree.fromstring(VIEW.svg(state.with_fields(parks=parks), 0, lang="ru"))
    svg = "{http://www.w3.org/2000/svg}"
    tile = next(g for g in drawn.iter(f"{svg}g") if g.get("id", "").startswith("tile-big-forest"))
    words = [node for node in tile.iter(f"{svg}text")]
    assert [node.text for node in words[:2]] == ["БОЛЬ-", "ШОЙ"]
    badge = next(rect for rect in tile.iter(f"{svg}rect") if rect.get("fill") == "#f4c430")
    size = float(words[0].get("style").split("font-size:")[1].split("px")[0])
    badge_bottom = float(badge.get("y")) + float(badge.get("height"))
    assert float(words[0].get("y")) - 0.75 * size > badge_bottom  # the "+1" stays clear


def _font_sizes(picture: str) -> list[float]:
    return [float(size) for size in re.findall(r"font-size:([0-9.]+)px", picture)]


def _view_width(picture: str) -> float:
    return float(picture.split('viewBox="0 0 ')[1].split()[0])


def test_four_and_five_player_pictures_write_nothing_under_the_least_type_size():
    """The page never shows them smaller than with that size at 10 CSS px (data-least)."""
    for players in (4, 5):
        state = random_state(players, share=0.8)
        for lang in ("en", "de", "fr", "ru"):
            for narrow in (False, True):
                picture = VIEW.svg(state, 0, lang=lang, overlay=Overlay(narrow=narrow))
                assert f'data-least="{LEAST_FONT}"' in picture and 'data-fit="width"' in picture
                assert min(_font_sizes(picture)) >= LEAST_FONT, (players, lang, narrow)


def test_a_phones_header_and_market_keep_to_its_screen_and_a_wide_park_reaches_past_it():
    state = playing_state(5)
    wide = park({(x, 0): "flower-forest" for x in range(1, 10)})
    phone = Overlay(narrow=True)
    assert _view_width(VIEW.svg(state, 0, overlay=phone)) == PHONE
    grown = state.with_fields(parks=(wide, *state.parks[1:]))
    assert _view_width(VIEW.svg(grown, 0, overlay=phone)) > PHONE
    # a desktop puts parks too wide to stand beside the market (ten tiles) under it
    assert _view_width(VIEW.svg(grown, 0)) <= DESKTOP


def test_a_name_too_wide_for_a_market_tile_is_condensed_not_made_smaller():
    lines, size = tile_name_lines("кистеухая свинья", 60)
    assert lines == ("кистеухая", "свинья") and size >= LEAST_FONT
    state = playing_state(2, market={"a1": "bushpig"})
    picture = VIEW.svg(state, 0, lang="ru")
    assert 'lengthAdjust="spacingAndGlyphs"' in picture and min(_font_sizes(picture)) >= LEAST_FONT


def random_state(players: int, share: float, seed: int = 5):
    """A game played at random for ``share`` of its length (the parks well grown)."""
    rng = random.Random(seed)
    states = [load_game("habitats", players=players).new_initial_state()]
    while not states[-1].is_terminal():
        state = states[-1]
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        states.append(state.apply(action))
    return states[int(len(states) * share)]
