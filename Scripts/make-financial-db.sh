#!/usr/bin/env bash
# Builds the sample database Folio ships in its bundle: Sources/FolioResources/Folio.app/financial.db,
# the `stocks` table with the four purchases of the "Working with Databases" example.
#   Scripts/make-financial-db.sh [OUTPUT]
# Needs the sqlite3 shell (Scripts/setup test installs it). The file is provisioned into a
# container as Library/Database/financial.db (see Folio.app/Provisioning.json).
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-Sources/FolioResources/Folio.app/financial.db}"
temporary="$(mktemp "${output}.XXXXXX")"
trap 'rm -f "$temporary"' EXIT
rm -f "$temporary"
sqlite3 -bail "$temporary" <<'SQL'
CREATE TABLE stocks (
    symbol VARCHAR(5),
    purchasePrice FLOAT(10,4),
    unitsPurchased INTEGER,
    purchase_date VARCHAR(10)
);
INSERT INTO stocks VALUES ('ALU', 14.23, 100, '03-17-2007');
INSERT INTO stocks VALUES ('GOOG', 600.77, 20, '01-09-2007');
INSERT INTO stocks VALUES ('NT', 20.23, 140, '02-05-2007');
INSERT INTO stocks VALUES ('MSFT', 30.23, 5, '01-03-2007');
VACUUM;
SQL
chmod 0644 "$temporary"
mv "$temporary" "$output"
trap - EXIT
echo "wrote $output"
