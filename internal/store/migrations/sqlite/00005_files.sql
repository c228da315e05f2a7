-- +goose Up
-- Images uploaded by the rich-text editor, kept in the database so that every instance serves them. The id
-- is random: an <img> cannot send a token, so the id is what keeps an image from being guessed.
CREATE TABLE files (
    id           TEXT    PRIMARY KEY,
    content_type TEXT    NOT NULL,
    size         INTEGER NOT NULL,
    data         BLOB    NOT NULL,
    uploaded_by  INTEGER,
    created_at   INTEGER NOT NULL
);

-- +goose Down
DROP TABLE files;
