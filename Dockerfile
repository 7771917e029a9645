# Chuhe chat bot: a static binary on a minimal, non-root image.
#   docker build -t chuhe .
#   docker run -v chuhe-data:/data -e CHUHE_TELEGRAM_TOKEN=... chuhe
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/chuhe ./cmd/bot

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/chuhe /chuhe
# The bbolt file lives here; mount a volume so games survive container restarts.
VOLUME ["/data"]
ENV CHUHE_DATA_DIR=/data
USER nonroot:nonroot
ENTRYPOINT ["/chuhe"]
CMD ["-data", "/data"]
