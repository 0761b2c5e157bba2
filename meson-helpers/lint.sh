#!/usr/bin/env bash
# Fails when any Swift file differs from .swift-format's style; `lint.sh --fix` rewrites them.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--fix" ]; then
  exec swift format format --in-place --parallel --recursive Package.swift Sources Tests
fi
swift format lint --strict --parallel --recursive Package.swift Sources Tests
