"""The names of a deal's phases: each is also the name of the step open in that phase and the
``step`` of its events. One string each, in the lowest layer, so that every module (the variants'
pipelines, the steps, the deal, the words) names a phase by the same object: the deal compares its
phase with ``is`` in the inner loop."""

FIVE, ROB, PLAY, JINK, OVER = "five", "rob", "play", "jink", "over"
BID, TRUMP, KITTY, DISCARD, CALL = "bid", "trump", "kitty", "discard", "call"
