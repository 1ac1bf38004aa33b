# SPDX-License-Identifier: Apache-2.0
# The hcl container: the static hcl executable alone, in an otherwise empty image.
#
#   docker build -t hcl --build-arg HCL_COMMIT=$(git rev-parse --short HEAD) \
#     --build-arg HCL_COMMIT_DATE=$(git log -1 --format=%cs) .
#   docker run --rm -v "$PWD:/work" hcl validate .
#   docker run --rm -v "$PWD:/work" hcl fmt --check --diff --recursive .
#
# The first stage builds hcl from this checkout on Debian 12 (packaging/deps.sh); the image is
# `scratch` plus /hcl: no shell, no libraries, nothing to patch. hcl runs as the user docker is
# told to run it as (--user "$(id -u):$(id -g)" keeps the ownership of files fmt rewrites).
FROM debian:12 AS build
# .git stays out of the build context: the commit `hcl --version` names comes from these.
ARG HCL_COMMIT=unknown
ARG HCL_COMMIT_DATE=unknown
WORKDIR /src
COPY . .
RUN sh packaging/deps.sh \
 && cmake -S . -B /build -DCMAKE_BUILD_TYPE=Release -DHCL_BUILD_TESTS=OFF \
      -DHCL_COMMIT="$HCL_COMMIT" -DHCL_COMMIT_DATE="$HCL_COMMIT_DATE" \
 && cmake --build /build -j"$(nproc)" \
 && /build/hcl --version | grep -q static

FROM scratch
COPY --from=build /build/hcl /hcl
WORKDIR /work
ENTRYPOINT ["/hcl"]
CMD ["--help"]
