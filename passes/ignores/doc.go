// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package ignores defines an Analyzer that checks the package's
// //psharpvet:ignore comments.
//
// # Analyzer ignores
//
// ignores: check that every //psharpvet:ignore comment gives a reason and silences a report
//
// A comment
//
//	//psharpvet:ignore <reason>
//
// on the line of a report of the ownership or lockset pass, or on the line
// above it, silences that report. The reason says why the report is a
// false alarm, for the next reader. This pass reports an ignore comment
// that gives no reason, and one that silences no report of the passes
// that ran: the code changed, or the analysis learned better, and the
// comment now only hides a future report. A comment that silences a
// report only under -strict is unused in the default reading.
package ignores
