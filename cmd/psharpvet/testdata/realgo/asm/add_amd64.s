#include "textflag.h"
TEXT ·Add(SB),NOSPLIT,$0-24
	MOVQ a+0(FP), AX
	MOVQ (AX), AX
	MOVQ b+8(FP), BX
	ADDQ (BX), AX
	MOVQ AX, ret+16(FP)
	RET
