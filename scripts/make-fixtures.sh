#!/usr/bin/env bash
# Regenerates test-fixtures/ (committed; tests never run this). Needs qpdf
# (apt-get install -y qpdf). Everything but the encryption is written byte for byte by
# scripts/make-fixtures.ts; qpdf encrypts contract.pdf:
#   encrypted-secret.pdf  user password "secret" (opening needs it)
#   owner-only.pdf        empty user password, owner password only (opens without one)
set -euo pipefail
cd "$(dirname "$0")/.."
npm exec -- node scripts/make-fixtures.ts
qpdf --static-id --encrypt secret owner-pw 256 -- test-fixtures/contract.pdf test-fixtures/encrypted-secret.pdf
qpdf --static-id --encrypt '' owner-pw 256 --print=none --modify=none -- test-fixtures/contract.pdf test-fixtures/owner-only.pdf
ls -l test-fixtures
