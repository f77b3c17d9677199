# answer.py (fixture stub: the sample trial recorded no script).
# Vernier shows answer.py as text and never executes it.
