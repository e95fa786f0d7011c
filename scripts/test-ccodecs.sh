#!/usr/bin/env bash
# Builds and runs the C suite of CCodecs (Tests/CCodecsSuite: Cairn's PNG encoder on every kernel set,
# the checksums, PngSuite against libpng, JPEG and WebP) on x86-64 and on aarch64, and checks that
# every C target of Cairn compiles for aarch64 with warnings as errors.
# On an aarch64 host the native builds are the aarch64 ones, without qemu.
# Usage: scripts/test-ccodecs.sh            the `make test` phase: natively with gcc -O2, once for each
#                                           kernel set this CPU has (CAIRN_PNG_SIMD); cross-compiled with
#                                           aarch64-linux-gnu-gcc -O2 and run under qemu-aarch64; clang
#                                           --target=aarch64-linux-gnu over every C file and header
#        scripts/test-ccodecs.sh --matrix   `make test-c` (run by `make fuzz`): gcc and clang at -O1, -O2
#                                           and -O3, plain and under ASan + UBSan, natively; aarch64 gcc
#                                           at -O1, -O2, -O3 under qemu (UBSan at -O2: qemu-user cannot
#                                           host ASan's shadow memory); valgrind on the gcc -O2 build;
#                                           and GCC's pure-function analysis of CCodecs read for stores
#                                           it took for null dereferences (the GCC 12 wrong code that
#                                           png_fast_encode.c and png_fast_huffman.c are written around)
# Builds go to .build/ccodecs-suite/NAME. Needs the packages of scripts/packages.txt's `test` set
# (gcc-aarch64-linux-gnu, qemu-user-static, the arm64 -dev libraries; valgrind for --matrix).
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-}"
case "$mode" in ''|--matrix) ;; *) echo "error: unknown option '$mode' (usage: $0 [--matrix])" >&2; exit 64 ;; esac

out=.build/ccodecs-suite
pngsuite=Tests/Fixtures/pngsuite
sources=(Sources/CCodecs/*.c Tests/CPNGReference/png_reference.c Tests/CCodecsSuite/*.c)
includes=(-ISources/CCodecs/include -ISources/CCodecs -ITests/CPNGReference/include -ITests/CCodecsSuite)
libraries=(-lpng16 -ljpeg -lwebp -lwebpmux -ldeflate -lz -lm -lpthread)
warnings=(-Wall -Wextra -Werror)
machine="$(uname -m)"
# The aarch64 builds: cross-compiled and run under qemu on any other machine, native on aarch64 (where
# the native builds are the aarch64 ones).
cross=0
if [ "$machine" != aarch64 ]; then
  cross=1
  qemu="$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)"
  [ -n "$qemu" ] || { echo "error: qemu-aarch64: not found (Debian's qemu-user-static; scripts/install-deps.sh test)" >&2; exit 69; }
  command -v aarch64-linux-gnu-gcc >/dev/null || { echo "error: aarch64-linux-gnu-gcc: not found (gcc-aarch64-linux-gnu)" >&2; exit 69; }
fi
aarch64_gcc=gcc
[ $cross -eq 0 ] || aarch64_gcc=aarch64-linux-gnu-gcc

# build NAME COMPILER FLAGS…: the suite compiled into $out/NAME/ccodecs-suite, two files at a time.
build() {
  local name="$1" compiler="$2"
  shift 2
  local dir="$out/$name"
  mkdir -p "$dir"
  printf '%s\n' "${sources[@]}" | xargs -P 2 -I{} sh -c \
    'f="$1"; shift; o="$1"; shift; exec "$@" -c "$f" -o "$o/$(basename "$f" .c).o"' _ {} "$dir" \
    $compiler "$@" "${warnings[@]}" "${includes[@]}"
  local linker=()
  [[ "$compiler" == clang* ]] && linker=(-fuse-ld=bfd)  # the Swift toolchain's default gold warns about ASan's symbols
  $compiler "$@" "${linker[@]}" "$dir"/*.o "${libraries[@]}" -o "$dir/ccodecs-suite"
}

# run NAME LABEL [RUNNER…]: runs a build on PngSuite and prints its summary line; on a failure, the
# failures and the log's path, and returns 1.
run() {
  local name="$1" label="$2" status=0
  shift 2
  local log="$out/$name/run.log"
  "$@" "$out/$name/ccodecs-suite" "$pngsuite" > "$log" 2>&1 || status=$?
  echo "$label: $(tail -n 1 "$log")"
  if [ $status -ne 0 ]; then
    grep -v '^ccodecs-suite:' "$log" | head -n 40 | sed 's/^/  /' >&2
    echo "error: $label: the C suite failed (exit $status; log $log)" >&2
    return 1
  fi
}

# The kernel sets this CPU has (x86 flags in /proc/cpuinfo; portable alone elsewhere).
native_paths() {
  local paths=(portable)
  grep -qw sse4_1 /proc/cpuinfo && grep -qw pclmulqdq /proc/cpuinfo && paths+=(sse4.1)
  grep -qw avx2 /proc/cpuinfo && grep -qw pclmulqdq /proc/cpuinfo && paths+=(avx2)
  echo "${paths[@]}"
}

# Every C file and the headers of the system-library targets, for aarch64, warnings as errors.
check_aarch64_compiles() {
  for f in Sources/CCodecs/*.c Tests/CPNGReference/png_reference.c Tests/CCodecsSuite/*.c; do
    clang --target=aarch64-linux-gnu -fsyntax-only "${warnings[@]}" "${includes[@]}" "$f"
  done
  local probe="$out/shim-probe.c"
  mkdir -p "$out"
  for module in CKDScan CPrefetch CMalloc CSQLite; do
    printf '#include "shim.h"\nint cairn_probe_%s;\n' "$module" > "$probe"
    "$aarch64_gcc" -O2 -c "${warnings[@]}" -ISources/$module "$probe" -o /dev/null
    clang --target=aarch64-linux-gnu -fsyntax-only "${warnings[@]}" -ISources/$module "$probe"
  done
  echo "aarch64: every C file of CCodecs, CPNGReference and the suite, and the CKDScan, CPrefetch, CMalloc and CSQLite headers compile (gcc and clang, -Wall -Wextra -Werror)"
}

# GCC 12 (ivopts, then its pure-function analysis) can address a loop's stores from a null base,
# read them as null dereferences, call the function pure and drop its calls. None may be left.
check_null_base_stores() {
  local dump="$out/pure-const.dump" found=0
  local compilers=(gcc)
  [ $cross -eq 0 ] || compilers+=(aarch64-linux-gnu-gcc)
  for compiler in "${compilers[@]}"; do
    for level in -O1 -O2 -O3; do
      for f in Sources/CCodecs/*.c; do
        "$compiler" "$level" "${includes[@]}" -c "$f" -o /dev/null -fdump-tree-local-pure-const2-details="$dump"
        if grep -q "NULL memory access" "$dump"; then
          echo "error: $f: $compiler $level addresses a store from a null base in:" \
            "$(awk '/local analysis of/ { name = $4 } /NULL memory access/ { print name }' "$dump" | sort -u | tr '\n' ' ')" >&2
          found=1
        fi
      done
    done
  done
  rm -f "$dump"
  [ $found -eq 0 ] && echo "${compilers[*]} at -O1/-O2/-O3: no store of CCodecs addressed from a null base"
  return $found
}

if [ -z "$mode" ]; then
  build "$machine-gcc-O2" gcc -O2
  for path in $(native_paths); do CAIRN_PNG_SIMD="$path" run "$machine-gcc-O2" "$machine gcc -O2 CAIRN_PNG_SIMD=$path"; done
  if [ $cross -eq 1 ]; then
    build aarch64-gcc-O2 aarch64-linux-gnu-gcc -O2
    run aarch64-gcc-O2 "aarch64 gcc -O2 (qemu)" "$qemu" -L /usr/aarch64-linux-gnu
  fi
  check_aarch64_compiles
  exit 0
fi

sanitizers=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
for compiler in gcc clang; do
  for level in -O1 -O2 -O3; do
    build "$machine-$compiler$level" "$compiler" "$level" -g
    run "$machine-$compiler$level" "$machine $compiler $level"
    build "$machine-$compiler$level-asan-ubsan" "$compiler" "$level" -g "${sanitizers[@]}"
    run "$machine-$compiler$level-asan-ubsan" "$machine $compiler $level ASan+UBSan"
  done
done
run "$machine-gcc-O2" "$machine gcc -O2 valgrind" valgrind -q --error-exitcode=99 --track-origins=yes
if [ $cross -eq 1 ]; then
  for level in -O1 -O2 -O3; do
    build "aarch64-gcc$level" aarch64-linux-gnu-gcc "$level"
    run "aarch64-gcc$level" "aarch64 gcc $level (qemu)" "$qemu" -L /usr/aarch64-linux-gnu
  done
  build aarch64-gcc-O2-ubsan aarch64-linux-gnu-gcc -O2 -fsanitize=undefined -fno-sanitize-recover=all
  run aarch64-gcc-O2-ubsan "aarch64 gcc -O2 UBSan (qemu)" "$qemu" -L /usr/aarch64-linux-gnu
fi
check_aarch64_compiles
check_null_base_stores
