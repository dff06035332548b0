#!/usr/bin/env python3
"""An independent reference for fenbatch's --where language (issue 28), standard library only.

It reads, type-checks and evaluates expressions as core/include/fenbatch/core/where_expression.hpp
describes them, sharing no code with the engine: an AST interpreter over Python values (ints,
bools, the words as text, the material signature as text). It generates random expressions over
random values, asks the engine (where_reference_driver, given as the first argument) for its
answers, and compares: the result for a valid expression, the error code and column for one
the engine must refuse.

    where_reference.py DRIVER [--seed N] [--count N]
"""

import argparse
import random
import re
import subprocess
import sys

from where_reference_fields import (field_equality, field_number, gen_field_comparison,
                                    random_fields)

NAMES = {
    "pieces": "integer", "pawns": "integer", "side": "side", "in_check": "boolean",
    "legal_moves": "integer", "ep": "boolean", "castling": "castling",
    "halfmove": "integer", "fullmove": "integer", "ply": "integer", "material": "integer",
    "non_pawn_material": "integer", "simple_eval": "integer", "signature": "string", "board": "board",
}
WORDS = {"w": "side", "b": "side", "none": "castling", "standard": "castling",
         "chess960": "castling", "8x8": "board", "10x8": "board"}
KEYWORDS = {"and", "or", "not", "abs"}
COMPARISONS = ["==", "!=", "<", "<=", ">", ">="]
ORDERING = {"<", "<=", ">", ">="}
MAX_NESTING = 64
INT_LIMIT = 2**63 - 1
SIGNATURE_SHAPE = re.compile(r"K Q*A*C*R*B*N*P* v K Q*A*C*R*B*N*P*".replace(" ", ""))
WORD_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
FIELD_CHARS = WORD_CHARS | set(".-") | {chr(b) for b in range(0x80, 0x100)}


class Fault(Exception):
    def __init__(self, code, column):
        super().__init__(code)
        self.code = code
        self.column = column


def tokens_of(text):
    """(kind, column, value) triples, ending with ('end', len + 1, None)."""
    out, i = [], 0
    while i < len(text):
        c, column = text[i], i + 1
        if c in " \t":
            i += 1
        elif c in "()":
            out.append((c, column, c))
            i += 1
        elif text[i:i + 2] in ("==", "!=", "<=", ">="):
            out.append(("cmp", column, text[i:i + 2]))
            i += 2
        elif c in "<>":
            out.append(("cmp", column, c))
            i += 1
        elif c == '"':
            close = text.find('"', i + 1)
            if close < 0:
                raise Fault("unterminated_string", column)
            out.append(("string", column, text[i + 1:close]))
            i = close + 1
        elif c == "$":
            if text[i + 1:i + 2] == "{":
                close = text.find("}", i + 2)
                if close <= i + 2:
                    raise Fault("bad_field", column)
                out.append(("field", column, text[i + 2:close]))
                i = close + 1
                continue
            j = i + 1
            while j < len(text) and text[j] in FIELD_CHARS:
                j += 1
            if j == i + 1:
                raise Fault("bad_field", column)
            out.append(("field", column, text[i + 1:j]))
            i = j
        elif c in WORD_CHARS or c == "-":
            numeric = c in "0123456789-"
            j = i + 1
            while j < len(text) and (text[j] in WORD_CHARS or (numeric and text[j] == ".")):
                j += 1
            word = text[i:j]
            out.append(word_token(word, column))
            i = j
        else:
            raise Fault("unexpected_character", column)
    out.append(("end", len(text) + 1, None))
    return out


def word_token(word, column):
    if word[0] in "0123456789-":
        if re.fullmatch(r"-?[0-9]+\.[0-9]+", word):
            return ("num", column, float(word))
        if re.fullmatch(r"-?[0-9]+", word):
            if abs(int(word)) > INT_LIMIT:
                raise Fault("number_out_of_range", column)
            return ("int", column, int(word))
        if word in ("8x8", "10x8"):
            return ("word", column, word)
        raise Fault("bad_number", column)
    if word in KEYWORDS:
        return (word, column, word)
    if word in NAMES:
        return ("name", column, word)
    if word in WORDS:
        return ("word", column, word)
    raise Fault("unknown_name", column)


class Node:
    def __init__(self, kind, type_, column, value=None, children=(), literal=False):
        self.kind, self.type, self.column = kind, type_, column
        self.value, self.children, self.literal = value, list(children), literal


NUMERIC = ("integer", "number")


def require_numeric(node):
    if node.type not in NUMERIC:
        raise Fault("type_mismatch", node.column)


class Parser:
    def __init__(self, text):
        self.tokens = tokens_of(text)
        self.at = 0
        self.depth = 0

    def peek(self):
        return self.tokens[self.at]

    def advance(self):
        self.at += 1
        return self.tokens[self.at - 1]

    def parse(self):
        if self.peek()[0] == "end":
            raise Fault("empty_expression", 1)
        whole = self.parse_chain("or")
        if self.peek()[0] != "end":
            raise Fault("unexpected_token", self.peek()[1])
        self.require(whole, "boolean", "expected_boolean")
        return whole

    @staticmethod
    def require(node, type_, code):
        if node.type != type_:
            raise Fault(code, node.column)

    def enter(self, token):
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise Fault("too_deep", token[1])

    def parse_chain(self, keyword):
        step = (lambda: self.parse_chain("and")) if keyword == "or" else self.parse_not
        left = step()
        while self.peek()[0] == keyword:
            self.advance()
            self.require(left, "boolean", "expected_boolean")
            right = step()
            self.require(right, "boolean", "expected_boolean")
            left = Node(keyword, "boolean", left.column, None, (left, right))
        return left

    def parse_not(self):
        if self.peek()[0] != "not":
            return self.parse_comparison()
        token = self.advance()
        self.enter(token)
        inner = self.parse_not()
        self.require(inner, "boolean", "expected_boolean")
        self.depth -= 1
        return Node("not", "boolean", token[1], None, (inner,))

    def parse_comparison(self):
        left = self.parse_operand()
        if self.peek()[0] != "cmp":
            return left
        op = self.advance()[2]
        if op in ORDERING:
            require_numeric(left)
        right = self.parse_operand()
        if op in ORDERING:
            require_numeric(right)
        elif (left.kind == "field" and (right.literal or right.kind == "field")) or \
                (right.kind == "field" and left.literal):
            pass
        elif left.type in NUMERIC and right.type in NUMERIC:
            pass
        elif left.type != right.type:
            raise Fault("type_mismatch", right.column)
        elif left.type == "string" and left.literal != right.literal:
            literal = left if left.literal else right
            if not SIGNATURE_SHAPE.fullmatch(literal.value):
                raise Fault("bad_signature", literal.column)
        if self.peek()[0] == "cmp":
            raise Fault("chained_comparison", self.peek()[1])
        kind = "fieldeq" if op not in ORDERING and (
            (left.kind == "field" and (right.literal or right.kind == "field"))
            or (right.kind == "field" and left.literal)) else "cmp"
        return Node(kind, "boolean", left.column, op, (left, right))

    def parse_operand(self):
        kind, column, value = self.peek()
        if kind == "int":
            self.advance()
            return Node("const", "integer", column, value)
        if kind == "num":
            self.advance()
            return Node("const", "number", column, value)
        if kind == "field":
            self.advance()
            return Node("field", "number", column, value)
        if kind == "word":
            self.advance()
            return Node("const", WORDS[value], column, value)
        if kind == "string":
            self.advance()
            return Node("const", "string", column, value, literal=True)
        if kind == "name":
            self.advance()
            return Node("name", NAMES[value], column, value)
        if kind == "abs":
            self.advance()
            if self.peek()[0] != "(":
                raise Fault("expected_open_parenthesis", self.peek()[1])
            inner = self.group()
            if inner.type not in NUMERIC:
                raise Fault("expected_integer", inner.column)
            self.close()
            return Node("abs", inner.type, column, None, (inner,))
        if kind == "(":
            inner = self.group()
            self.close()
            inner.column = column
            if inner.kind == "field":  # a parenthesised field is still a bare field
                inner = Node("field", "number", column, inner.value)
            return inner
        raise Fault("expected_value", column)

    def group(self):
        self.enter(self.advance())
        return self.parse_chain("or")

    def close(self):
        if self.peek()[0] != ")":
            raise Fault("expected_close_parenthesis", self.peek()[1])
        self.advance()
        self.depth -= 1


def evaluate(node, values):
    if node.kind == "const":
        return node.value
    if node.kind == "name":
        return values[node.value]
    if node.kind == "field":
        return field_number(values["$fields"].get(node.value))
    if node.kind == "fieldeq":
        return field_equality(node, values)
    args = [evaluate(child, values) for child in node.children]
    if node.kind == "abs":
        return None if args[0] is None else abs(args[0])
    if node.kind == "not":
        return not args[0]
    if node.kind == "and":
        return args[0] and args[1]
    if node.kind == "or":
        return args[0] or args[1]
    a, b = args
    if node.children[0].type == "number" or node.children[1].type == "number":
        if a is None or b is None:  # a missing or string field: false, != too
            return False
        a, b = float(a), float(b)
    return {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b,
            ">=": a >= b}[node.value]


def reference_answer(text, values):
    try:
        tree = Parser(text).parse()
    except Fault as fault:
        return f"error {fault.code} {fault.column}"
    return "ok 1" if evaluate(tree, values) else "ok 0"


# --- Random cases -------------------------------------------------------------------------

INTEGER_NAMES = [n for n, t in NAMES.items() if t == "integer"]
JUNK = ["=", "&&", "!", "foo", "AND", "12a", "-", "-x", "abs", "(", ")", "<", "==", ">=", "not",
        "and", "or", "w", "b", "none", "chess960", "8x8", "10x8", '"KvK"', '"KRPvkr"', '"open',
        "99999999999999999999", "-9223372036854775808", "9223372036854775807", "side", "pieces",
        "signature", "in_check", "$", "\xe9", "8x9", '""', "${", "$a", "0.5", "1.", "${}"]


def signature_of(rng, board):
    """A random material signature as text and as the engine's code (material.hpp's layout:
    4 bits a count, White's then Black's, in the order of the letters, and a marker bit)."""
    letters = "QACRBNP" if board == "10x8" else "QRBNP"
    code, shift, text = 1 << (56 if board == "10x8" else 40), 0, ""
    for side in range(2):
        text += "K" if side == 0 else "vK"
        for letter in letters:
            n = rng.choice([0, 0, 0, 1, 1, 2]) if letter != "P" else rng.randint(0, 8)
            text += letter * n
            code |= n << shift
            shift += 4
    return text, code


def random_values(rng):
    board = rng.choice(["8x8", "8x8", "10x8"])
    text, code = signature_of(rng, board)
    values = {
        "pieces": rng.randint(2, 40), "pawns": rng.randint(0, 20), "side": rng.choice("wb"),
        "in_check": rng.random() < 0.3, "legal_moves": rng.randint(0, 60),
        "ep": rng.random() < 0.3, "castling": rng.choice(["none", "standard", "chess960"]),
        "halfmove": rng.randint(0, 100), "fullmove": rng.randint(1, 300),
        "ply": rng.randint(0, 600), "material": rng.randint(-30, 30),
        "non_pawn_material": rng.randint(0, 80),
        "simple_eval": rng.randint(-6000, 6000), "signature": text, "board": board,
        "$fields": random_fields(rng),
    }
    return values, code


def gen_integer(rng, values, depth):
    """An integer operand (a primary: it may stand beside a comparison) as tokens."""
    r = rng.random()
    if r < 0.45 or depth > 3:
        return [rng.choice(INTEGER_NAMES)]
    if r < 0.8:
        near = values[rng.choice(INTEGER_NAMES)]
        return [str(rng.choice([near, near + 1, near - 1, -near, rng.randint(-100, 100)]))]
    if r < 0.93:
        return ["abs", "("] + gen_integer(rng, values, depth + 1) + [")"]
    return ["("] + gen_integer(rng, values, depth + 1) + [")"]


def gen_word_comparison(rng, values):
    kind = rng.choice(["side", "castling", "board"])
    words = [w for w, t in WORDS.items() if t == kind]
    left, right = kind, rng.choice(words)
    if rng.random() < 0.2:
        left = rng.choice(words)
    if rng.random() < 0.5:
        left, right = right, left
    return [left, rng.choice(["==", "!="]), right]


def gen_signature_comparison(rng, values):
    r = rng.random()
    if r < 0.4:
        literal = values["signature"]
    elif r < 0.9:
        literal = signature_of(rng, rng.choice(["8x8", "10x8"]))[0]
    else:
        literal = rng.choice(["KPRvK", "KRvkr", "K", "abc", "KvK"])
    pair = ["signature", '"' + literal + '"']
    if rng.random() < 0.3:
        pair.reverse()
    return [pair[0], rng.choice(["==", "!="]), pair[1]]


def gen_boolean(rng, values, depth):
    r = rng.random() if depth < 4 else rng.random() * 0.55
    if rng.random() < 0.15:
        return gen_field_comparison(rng, INTEGER_NAMES, COMPARISONS)
    if r < 0.12:
        return [rng.choice(["in_check", "ep"])]
    if r < 0.22:  # a name against its own value or a neighbour: the edges of each operator
        name = rng.choice(INTEGER_NAMES)
        pair = [name, str(values[name] + rng.choice([-1, 0, 0, 1]))]
        if rng.random() < 0.3:
            pair.reverse()
        return [pair[0], rng.choice(COMPARISONS), pair[1]]
    if r < 0.32:
        return gen_integer(rng, values, depth) + [rng.choice(COMPARISONS)] + \
            gen_integer(rng, values, depth)
    if r < 0.40:
        return gen_word_comparison(rng, values)
    if r < 0.48:
        return gen_signature_comparison(rng, values)
    if r < 0.50:
        return ['"' + rng.choice(["a", "b", ""]) + '"', rng.choice(["==", "!="]),
                '"' + rng.choice(["a", "b", ""]) + '"']
    if r < 0.55:
        return ["("] + gen_boolean(rng, values, depth + 1) + [")", rng.choice(["==", "!="]),
                                                             rng.choice(["in_check", "ep"])]
    if r < 0.65:
        return ["not"] + gen_boolean(rng, values, depth + 1)
    if r < 0.90:
        return gen_boolean(rng, values, depth + 1) + [rng.choice(["and", "or"])] + \
            gen_boolean(rng, values, depth + 1)
    return ["("] + gen_boolean(rng, values, depth + 1) + [")"]


def mutate(rng, tokens):
    tokens = list(tokens)
    for _ in range(rng.randint(1, 2)):
        at = rng.randrange(len(tokens) + 1)
        action = rng.choice(["delete", "insert", "replace"])
        if action == "delete" and at < len(tokens):
            del tokens[at]
        elif action == "replace" and at < len(tokens):
            tokens[at] = rng.choice(JUNK)
        else:
            tokens.insert(at, rng.choice(JUNK))
    return tokens


def joined(rng, tokens):
    out = ""
    for token in tokens:
        separator = rng.choice([" ", " ", " ", "", "  ", "\t"])
        if out and separator == "" and (
                (out[-1] in WORD_CHARS and token[0] in WORD_CHARS | {"-", '"'})
                or (out[-1] in "=!<>" and token[0] in "=!<>") or (out[-1] == '"' and token[0] == '"')):
            separator = " "
        out += (separator if out else "") + token
    return out


def random_expression(rng, values):
    r = rng.random()
    tokens = gen_boolean(rng, values, 0)
    if r < 0.03:
        k = rng.randint(60, 68)
        tokens = ["("] * k + tokens + [")"] * k
    elif r < 0.05:
        tokens = ["not"] * rng.randint(60, 68) + tokens
    elif r < 0.30:
        tokens = mutate(rng, tokens)
    return joined(rng, tokens) if tokens else ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("driver")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--count", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = []
    for _ in range(args.count):
        values, code = random_values(rng)
        cases.append((values, code, random_expression(rng, values)))
    lines = []
    for values, code, text in cases:
        fields = [values["pieces"], values["pawns"], values["side"], int(values["in_check"]),
                  values["legal_moves"], int(values["ep"]), values["castling"],
                  values["halfmove"], values["fullmove"], values["ply"], values["material"],
                  values["simple_eval"], code, values["board"], values["non_pawn_material"],
                  "\x1f".join(f"{k}={v}" for k, v in values["$fields"].items()), text]
        lines.append("\t".join(str(f) for f in fields))
    run = subprocess.run([args.driver], input="\n".join(lines) + "\n", capture_output=True,
                         encoding="latin-1", check=True)
    answers = run.stdout.splitlines()
    if len(answers) != len(cases):
        print(f"the driver answered {len(answers)} of {len(cases)} cases")
        return 1
    mismatches, tally, codes = 0, {"ok 1": 0, "ok 0": 0, "error": 0}, set()
    for (values, _, text), engine in zip(cases, answers):
        expected = reference_answer(text, values)
        tally[expected if expected.startswith("ok") else "error"] += 1
        if expected.startswith("error"):
            codes.add(expected.split()[1])
        if engine != expected:
            mismatches += 1
            if mismatches <= 20:
                print(f"MISMATCH {text!r}: engine {engine!r}, reference {expected!r}; {values}")
    print(f"{len(cases)} cases: {tally['ok 1']} hold, {tally['ok 0']} do not, "
          f"{tally['error']} refused ({len(codes)} codes: {' '.join(sorted(codes))}); "
          f"{mismatches} mismatches")
    # A comparison that tests little passes for nothing: demand a mix.
    if min(tally.values()) < len(cases) // 10 or len(codes) < 8:
        print("too little variety in the cases")
        return 1
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
