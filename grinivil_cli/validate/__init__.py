"""`grinivil validate`: one log (`run`) and many, in parallel or on a Dask cluster (`batch`)."""
