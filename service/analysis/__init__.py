"""Analysis: an exact solver of the perfect-information hand, and the review
of a hand played (the contract's "Analysis and bots").

Pure rules code, like ``service.games``: no Flask, no marshmallow.
"""
