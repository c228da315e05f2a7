package model

// Page is one page of a list, as every list call answers it.
type Page[T any] struct {
	List     []T   `json:"list"`
	Total    int64 `json:"total"`
	Page     int   `json:"page"`
	PageSize int   `json:"pageSize"`
	// TotalCapped says that more records than Total match: big tables count a filtered list only up to a
	// cap (the console shows "1000+"); narrow the filter to page further.
	TotalCapped bool `json:"totalCapped,omitempty"`
}
