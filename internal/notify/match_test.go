package notify

import (
	"testing"

	"irgas/internal/store"
)

func TestAddressNamesEachRegionOnce(t *testing.T) {
	for _, c := range []struct{ address, want string }{
		{"古墩路 588 号", "浙江省杭州市西湖区古墩路 588 号"},
		{"西湖区古墩路 588 号", "浙江省杭州市西湖区古墩路 588 号"},
		{"杭州市西湖区古墩路 588 号", "浙江省杭州市西湖区古墩路 588 号"},
		{"浙江省杭州市西湖区古墩路 588 号", "浙江省杭州市西湖区古墩路 588 号"},
		{"", "浙江省杭州市西湖区"},
	} {
		d := &store.SMSDevice{ProvinceCode: "330000", CityCode: "330100", CountyCode: "330106", Address: c.address}
		if got := address(d); got != c.want {
			t.Errorf("address %q: got %q, want %q", c.address, got, c.want)
		}
	}
}
