# syntax=docker/dockerfile:1
# Cairn in two stages: build with the Swift 6 toolchain, run on slim Debian with only the runtime
# libraries and fonts. Both stages take their Debian packages from scripts/packages.txt, the same
# list `make` installs from, and the binary is built by `make build`, as on a developer's machine.
# Both base images are multi-arch: `docker buildx build --platform linux/amd64,linux/arm64 .` builds
# both (aarch64 runs CCodecs' portable kernels; docs/operations.md).

FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY scripts/packages.txt scripts/install-deps.sh scripts/
RUN scripts/install-deps.sh build
COPY Makefile Package.swift ./
COPY Sources Sources
# SwiftPM checks every target of the manifest, the test targets too, before it builds any.
COPY Tests Tests
COPY Fonts Fonts
RUN make build DEPS=build CONFIG=release SWIFT_BUILD_FLAGS=--static-swift-stdlib \
 && install -D .build/release/cairn /opt/cairn/bin/cairn \
 && mkdir -p /opt/cairn/share/cairn && cp -r Fonts /opt/cairn/share/cairn/Fonts

FROM debian:bookworm-slim
COPY scripts/packages.txt scripts/install-deps.sh /tmp/deps/
RUN /tmp/deps/install-deps.sh runtime && rm -rf /var/lib/apt/lists/* /tmp/deps
COPY --from=build /opt/cairn /usr/local
# Sends an admin request (a purge) to every replica: k8s/purge-job.yaml.
COPY deploy/admin-all.sh /usr/local/bin/cairn-admin-all
COPY Samples /usr/local/share/cairn/Samples
# Samples/tiles links the test corpus in the repository; the image gets the tiles themselves.
RUN rm /usr/local/share/cairn/Samples/tiles
COPY Tests/Fixtures/tiles/world /usr/local/share/cairn/Samples/tiles
RUN useradd --system --create-home --home-dir /var/lib/cairn --shell /usr/sbin/nologin cairn \
 && mkdir -p /var/cache/cairn && chown cairn:cairn /var/cache/cairn
USER cairn
WORKDIR /var/lib/cairn
# A container listens on every interface (cairn's own default is 127.0.0.1); without --config, serve
# and cache read CAIRN_CONFIG, the bundled configuration: mount your own and point CAIRN_CONFIG at it.
ENV XDG_CACHE_HOME=/var/cache/cairn CAIRN_HOST=0.0.0.0 CAIRN_PORT=8080 CAIRN_CACHE_DIR=/var/cache/cairn/tiles \
    CAIRN_CONFIG=/usr/local/share/cairn/Samples/cairn.yml
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=5s --retries=3 \
  CMD ["curl", "-fsS", "-o", "/dev/null", "http://127.0.0.1:8080/health"]
ENTRYPOINT ["cairn"]
CMD ["serve"]
