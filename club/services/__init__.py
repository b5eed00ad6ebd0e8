"""Service functions: each does one thing in one transaction. Views call these."""
