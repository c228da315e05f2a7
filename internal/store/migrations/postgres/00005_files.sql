-- +goose Up
-- Images uploaded by the rich-text editor, kept in the database so that every instance serves them. The id
-- is random: an <img> cannot send a token, so the id is what keeps an image from being guessed.
CREATE TABLE files (
    id           TEXT    PRIMARY KEY,
    content_type TEXT    NOT NULL,
    size         BIGINT NOT NULL,
    data         BYTEA    NOT NULL,
    uploaded_by  BIGINT,
    created_at   BIGINT NOT NULL
);

-- +goose Down
DROP TABLE files;
