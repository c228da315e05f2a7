//go:build !race

package sheet_test

const raceDetector = false
