"""Every example in the package's docstrings runs and prints what it says."""

import doctest

import tengen


def test_docstring_examples():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(tengen, "tengen")
    examples = sum(len(t.examples) for t in tests)
    assert examples >= 30, f"only {examples} examples found"
    for test in tests:
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0
