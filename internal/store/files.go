package store

import (
	"context"

	sq "github.com/Masterminds/squirrel"
)

// File is an uploaded image.
type File struct {
	ID          string
	ContentType string
	Data        []byte
	CreatedAt   int64
}

// PutFile stores an uploaded file.
func (db *DB) PutFile(ctx context.Context, id, contentType string, data []byte, by int64) error {
	_, err := exec(ctx, db.SQL, db.Q.Insert("files").Columns("id", "content_type", "size", "data", "uploaded_by", "created_at").
		Values(id, contentType, len(data), data, by, NowMs()))
	return wrap(err, "store file")
}

// GetFile reads a file by id.
func (db *DB) GetFile(ctx context.Context, id string) (File, error) {
	f := File{ID: id}
	row, err := queryRow(ctx, db.SQL, db.Q.Select("content_type", "data", "created_at").From("files").Where(sq.Eq{"id": id}))
	if err == nil {
		err = row.Scan(&f.ContentType, &f.Data, &f.CreatedAt)
	}
	return f, wrap(err, "read file")
}
