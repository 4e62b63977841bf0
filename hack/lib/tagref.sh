# Sourced by hack/update-codegen.sh and hack/verify-codegen.sh.
#
# render_tag_reference DOCS IN OUT writes IN to OUT with everything between
# the lines holding the BEGIN and END TAG REFERENCE markers replaced by the
# content of DOCS (the output of `validation-gen --docs`).

TAGREF_BEGIN='<!-- BEGIN TAG REFERENCE -->'
TAGREF_END='<!-- END TAG REFERENCE -->'

render_tag_reference() {
  local docs=$1 in=$2 out=$3
  if ! grep -qF -- "$TAGREF_BEGIN" "$in" || ! grep -qF -- "$TAGREF_END" "$in"; then
    echo "$in: missing the markers '$TAGREF_BEGIN' and '$TAGREF_END'" >&2
    return 1
  fi
  awk -v docs="$docs" -v begin="$TAGREF_BEGIN" -v end="$TAGREF_END" '
    index($0, begin) { print; while ((getline line < docs) > 0) print line; close(docs); skip = 1; next }
    index($0, end)   { skip = 0 }
    !skip            { print }
  ' "$in" >"$out"
}
