"""The rule reference: what each rule id (`R-FEE-03`) and ruling id (`AMB-TAR-01`) means."""
