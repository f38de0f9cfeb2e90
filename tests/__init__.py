"""The test suite; its folders mirror the code's (support/ holds the helpers the tests share)."""
