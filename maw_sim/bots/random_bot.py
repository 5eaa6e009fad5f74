"""The random bot: any legal action, uniformly. The baseline every study compares with."""


def random_bot(view, rng):
    legal = view.legal
    return legal[int(rng.random() * len(legal))]
