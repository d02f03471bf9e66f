# Helpers for the experiments tests (sourced): read the JSON of `meshdiff experiments --json`.
# diag_row FILE ID KEY → the evidence row's KEY ("" for null)
diag_row() {
  "$py" - "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rows = [r for r in d["evidence"] if r["id"] == sys.argv[2]]
if not rows: sys.exit("no evidence row " + sys.argv[2])
v = rows[0][sys.argv[3]]
print("" if v is None else v)
PY
}
# diag_key FILE a.b.c → a nested value of the JSON
diag_key() {
  "$py" -c 'import json,sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."): v = v[k]
print(v)' "$1" "$2"
}
# diag_ids FILE → the evidence ids, space-separated
diag_ids() {
  "$py" -c 'import json,sys; print(" ".join(r["id"] for r in json.load(open(sys.argv[1]))["evidence"]))' "$1"
}
