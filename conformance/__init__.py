"""The conformance kit: language-neutral cases of what the referee answers.

Each ``conformance/<game>/<rules version>/<kind>.jsonl`` file holds cases,
one JSON object a line: a request and the answer this referee gives it
(``conformance/README.md``). ``python -m conformance.generate`` writes them
from this implementation, through the app in-process; ``python -m
conformance URL`` checks any HTTP implementation against them;
``conformance.perft`` counts play sequences from a position.
"""
