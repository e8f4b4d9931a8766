#!/usr/bin/env bash
# Writes the Nx project files of a library or an app: tools/new-project.sh lib|app NAME [integration]
set -euo pipefail
kind=$1 name=$2 integration=${3:-}
root=$([ "$kind" = lib ] && echo "libs/$name" || echo "apps/$name")
entry=$([ "$kind" = lib ] && echo index || echo main)
mkdir -p "$root/src"
tags=$([ "$kind" = lib ] && echo '"type:lib"' || echo '"type:app"')
cat > "$root/project.json" <<JSON
{
  "name": "$name",
  "\$schema": "../../node_modules/nx/schemas/project-schema.json",
  "sourceRoot": "$root/src",
  "projectType": "$([ "$kind" = lib ] && echo library || echo application)",
  "tags": [$tags],
  "targets": {
    "build": {
      "options": {
        "command": "esbuild $root/src/$entry.ts --bundle --platform=node --target=node24 --packages=external --sourcemap --log-level=warning --outfile=dist/$root/$entry.js"
      }
    },
    "typecheck": {},
    "lint": {},
    "test": {}
  }
}
JSON
cat > "$root/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "include": ["src/**/*.ts"]
}
JSON
cat > "$root/jest.config.cjs" <<JS
const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: '$name',
  rootDir: __dirname,
};
JS
