//go:build race

package sheet_test

// raceDetector: the race detector makes reading several times slower, so the test of the largest import runs
// without it (the Makefile runs it so).
const raceDetector = true
