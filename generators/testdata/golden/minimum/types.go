package minimum

type Minimum struct {
	// +k8s:minimum=-5
	I int `json:"i"`
	// +k8s:minimum=100
	U16 uint16 `json:"u16"`
	// +k8s:minimum=-128
	I8 int8 `json:"i8"`
	// +k8s:minimum=1
	I16 int16 `json:"i16"`
	// +k8s:minimum=0
	I32 int32 `json:"i32"`
	// +k8s:minimum=-9223372036854775808
	I64 int64 `json:"i64"`
	// +k8s:minimum=1
	U8 uint8 `json:"u8"`
	// +k8s:minimum=2
	U32 uint32 `json:"u32"`
	// +k8s:minimum=3
	U64 uint64 `json:"u64"`
	// +k8s:optional
	// +k8s:minimum=1
	P32 *int32 `json:"p32,omitempty"`
	// +k8s:minimum=10
	P64 *int64 `json:"p64,omitempty"`
}
