"""The project's mutation records are the committed ones whenever every file checked is a project derivation file,
including the texts imported one folder below derivations/ (derivations/texts/): otherwise `all` reads an empty
store in the results cache and the report says mutation testing was never measured."""
from pathlib import Path

from verifier.mutate.command import project_of

ROOT = Path(__file__).resolve().parents[2]


def test_files_in_derivations_and_one_folder_below_belong_to_the_project():
    files = [ROOT / "derivations" / "softmax_basics.py",
             *sorted((ROOT / "derivations" / "texts").glob("*.py"))]
    assert len(files) > 1
    assert project_of(files) == ROOT


def test_a_file_outside_derivations_keeps_its_records_elsewhere():
    assert project_of([ROOT / "derivations" / "softmax_basics.py", ROOT / "examples" / "layer_norm.py"]) is None
