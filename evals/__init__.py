"""Evaluation harnesses: measure a component against real data and write the numbers the README quotes."""
