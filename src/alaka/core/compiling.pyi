# To the type checker, and so to mypyc, mypyc_attr is mypy_extensions' decorator, which mypyc
# reads at compile time; when the package runs it is compiling.py's function, which does
# nothing (see compiling.py).
from mypy_extensions import mypyc_attr as mypyc_attr

COMPILED: tuple[str, ...]

def compiled_modules() -> list[str]: ...
def build() -> str: ...
