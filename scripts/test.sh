#!/usr/bin/env bash
# Installs what the tests need (Debian's Chromium and PostgreSQL included) and runs every test,
# the slow ones too (plain `pytest` leaves them out).
#   --under-load   runs the tests beside 6 busy processes it starts and stops itself (the
#                  suite's waits must hold on a crowded machine)
# Other arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
under_load=false
if [ "${1:-}" = "--under-load" ]; then
    under_load=true
    shift
fi
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
as_postgres() { if [ -z "$SUDO" ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-dejavu-core)
command -v pg_ctlcluster >/dev/null && ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 \
    || missing+=(postgresql)
# nginx in front of two server instances (tests/web/test_instances.py, deploy/nginx.conf)
command -v nginx >/dev/null || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then
    $SUDO apt-get update -q
    $SUDO apt-get install -y -q "${missing[@]}"
fi

# A PostgreSQL cluster on loopback for the server's PostgreSQL test.
version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
pg_lsclusters -h | grep -q "^$version main" || $SUDO pg_createcluster "$version" main >/dev/null
$SUDO pg_ctlcluster "$version" main start 2>/dev/null || true
port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
as_postgres psql -p "$port" -qc "DROP DATABASE IF EXISTS ludoteca_test" >/dev/null
# The role is kept if it exists (other local databases may belong to it).
as_postgres psql -p "$port" -qc "DO \$\$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'ludoteca') THEN CREATE ROLE ludoteca; END IF;
    END \$\$" >/dev/null
as_postgres psql -p "$port" -qc "ALTER ROLE ludoteca LOGIN PASSWORD 'ludoteca'" >/dev/null
as_postgres createdb -p "$port" -O ludoteca ludoteca_test
export LUDOTECA_TEST_POSTGRES="postgresql+psycopg://ludoteca:ludoteca@127.0.0.1:$port/ludoteca_test"

python3 -m pip install -q -e ".[test,openspiel,postgres,rl-envs,lab]"
# numba's first compilation of every core (minutes of CPU on a fresh clone) beside the checks:
# the type check uses one core
python3 -m tests.cores &
compiling=$!
python3 -m ruff check .
# Types: all of src/ (pyproject.toml, [tool.mypy]; the engine under strict flags).
python3 -m mypy
wait "$compiling"
if $under_load; then
    hogs=()
    for _ in 1 2 3 4 5 6; do
        timeout 4h python3 -c "while True: pass" &  # bounded, should this script be killed
        hogs+=($!)
    done
    trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT
fi
python3 -m pytest -n 2 --durations=20 -m "slow or not slow" "$@"
