#!/usr/bin/env bash
# Regenerates the app icons in build/ from build/icon.svg (run by hand after editing the SVG).
# Needs Debian's librsvg2-bin, imagemagick and icnsutils: apt-get install -y librsvg2-bin imagemagick icnsutils
set -euo pipefail
cd "$(dirname "$0")/../build"
rsvg-convert -w 1024 -h 1024 icon.svg -o icon.png
mkdir -p icons
for size in 16 24 32 48 64 128 256 512; do rsvg-convert -w "$size" -h "$size" icon.svg -o "icons/${size}x${size}.png"; done
/usr/bin/convert icons/16x16.png icons/24x24.png icons/32x32.png icons/48x48.png icons/64x64.png icons/128x128.png icons/256x256.png icon.ico
png2icns icon.icns icons/16x16.png icons/32x32.png icons/128x128.png icons/256x256.png icons/512x512.png icon.png
