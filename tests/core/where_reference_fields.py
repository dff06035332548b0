"""The $NAME fields of where_reference.py (issue 29): how a field's text reads as a number,
how fields compare with == and != (text or numbers), and the random field comparisons. Standard
library only; shares no code with the engine."""
import re

NUMBER_TEXT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


def field_number(text):
    """A field's number (a float), or None for a missing or string field."""
    if text is None or not NUMBER_TEXT.fullmatch(text.strip(" \t")):
        return None
    return float(text.strip(" \t"))


def field_equality(node, values):
    left, right = node.children
    fields = values["$fields"]
    if left.kind == "field" and right.kind == "field":
        a, b = fields.get(left.value), fields.get(right.value)
        if a is None or b is None:
            return False
        na, nb = field_number(a), field_number(b)
        same = na == nb if na is not None and nb is not None else a == b
    else:
        field, literal = (left, right) if left.kind == "field" else (right, left)
        text = fields.get(field.value)
        if text is None:
            return False
        same = text == literal.value
    return same == (node.value == "==")


FIELD_NAMES = ["a", "b", "c"]
FIELD_TEXTS = ["25", "-0.5", " 3 ", "+7", "1.0", "1", ".5", "5.", "draw", "1-0", "", "-", "e2e4"]


def random_fields(rng):
    return {name: rng.choice(FIELD_TEXTS) for name in FIELD_NAMES if rng.random() < 0.8}


def gen_field(rng):
    name = rng.choice(FIELD_NAMES + ["zz"])
    return [rng.choice(["$" + name, "${" + name + "}"])]


def gen_number(rng):
    return [rng.choice(["25", "-0.5", "3", "7", "1", "1.0", "0.5", "5", "-3", "2.75"])]


def gen_field_comparison(rng, integer_names, comparisons):
    r = rng.random()
    if r < 0.4:
        pair = [gen_field(rng), gen_number(rng) if rng.random() < 0.7 else [
            rng.choice(integer_names)]]
        op = rng.choice(comparisons)
    elif r < 0.6:
        pair = [gen_field(rng), ['"' + rng.choice(FIELD_TEXTS + ["x"]) + '"']]
        op = rng.choice(["==", "!="])
    elif r < 0.75:
        pair = [gen_field(rng), gen_field(rng)]
        op = rng.choice(comparisons)
    elif r < 0.88:
        pair = [["abs", "("] + gen_field(rng) + [")"], gen_number(rng)]
        op = rng.choice(comparisons)
    else:
        pair = [[rng.choice(integer_names)], gen_number(rng)]
        op = rng.choice(comparisons)
    if rng.random() < 0.3:
        pair.reverse()
    return pair[0] + [op] + pair[1]
