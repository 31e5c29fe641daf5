"""Scale benchmarks: a synthetic portfolio generator and the measurement harness (`make bench`)."""
