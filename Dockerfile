# Chuhe chat bot: a static binary on a minimal, non-root image.
#   docker build -t chuhe .
#   docker run -v chuhe-data:/data -e CHUHE_TELEGRAM_TOKEN=... chuhe
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/chuhe ./cmd/bot
# distroless has no shell to make the data folder; make it here, so that a new
# volume mounted on /data starts owned by the nonroot user (65532) and is writable.
RUN mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/chuhe /chuhe
COPY --from=build --chown=65532:65532 /out/data /data
# The bbolt file lives here; mount a volume so games survive container restarts.
VOLUME ["/data"]
ENV CHUHE_DATA_DIR=/data
USER nonroot:nonroot
ENTRYPOINT ["/chuhe"]
CMD ["-data", "/data"]
