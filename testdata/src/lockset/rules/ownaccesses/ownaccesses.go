package ownaccesses // want package:"lockset summaries"

// This package tests that a function keeps its own accesses in its
// summary when its callees fill it (dataflow.go, record): the goroutine's
// write of err comes after a call of Reset, which touches more locations
// than a summary holds (maxSummary, 256).

import (
	"errors"
	"sync"
)

// Stream has more fields than a summary holds accesses.
type Stream struct {
	mu   sync.Mutex
	f000 int
	f001 int
	f002 int
	f003 int
	f004 int
	f005 int
	f006 int
	f007 int
	f008 int
	f009 int
	f010 int
	f011 int
	f012 int
	f013 int
	f014 int
	f015 int
	f016 int
	f017 int
	f018 int
	f019 int
	f020 int
	f021 int
	f022 int
	f023 int
	f024 int
	f025 int
	f026 int
	f027 int
	f028 int
	f029 int
	f030 int
	f031 int
	f032 int
	f033 int
	f034 int
	f035 int
	f036 int
	f037 int
	f038 int
	f039 int
	f040 int
	f041 int
	f042 int
	f043 int
	f044 int
	f045 int
	f046 int
	f047 int
	f048 int
	f049 int
	f050 int
	f051 int
	f052 int
	f053 int
	f054 int
	f055 int
	f056 int
	f057 int
	f058 int
	f059 int
	f060 int
	f061 int
	f062 int
	f063 int
	f064 int
	f065 int
	f066 int
	f067 int
	f068 int
	f069 int
	f070 int
	f071 int
	f072 int
	f073 int
	f074 int
	f075 int
	f076 int
	f077 int
	f078 int
	f079 int
	f080 int
	f081 int
	f082 int
	f083 int
	f084 int
	f085 int
	f086 int
	f087 int
	f088 int
	f089 int
	f090 int
	f091 int
	f092 int
	f093 int
	f094 int
	f095 int
	f096 int
	f097 int
	f098 int
	f099 int
	f100 int
	f101 int
	f102 int
	f103 int
	f104 int
	f105 int
	f106 int
	f107 int
	f108 int
	f109 int
	f110 int
	f111 int
	f112 int
	f113 int
	f114 int
	f115 int
	f116 int
	f117 int
	f118 int
	f119 int
	f120 int
	f121 int
	f122 int
	f123 int
	f124 int
	f125 int
	f126 int
	f127 int
	f128 int
	f129 int
	f130 int
	f131 int
	f132 int
	f133 int
	f134 int
	f135 int
	f136 int
	f137 int
	f138 int
	f139 int
	f140 int
	f141 int
	f142 int
	f143 int
	f144 int
	f145 int
	f146 int
	f147 int
	f148 int
	f149 int
	f150 int
	f151 int
	f152 int
	f153 int
	f154 int
	f155 int
	f156 int
	f157 int
	f158 int
	f159 int
	f160 int
	f161 int
	f162 int
	f163 int
	f164 int
	f165 int
	f166 int
	f167 int
	f168 int
	f169 int
	f170 int
	f171 int
	f172 int
	f173 int
	f174 int
	f175 int
	f176 int
	f177 int
	f178 int
	f179 int
	f180 int
	f181 int
	f182 int
	f183 int
	f184 int
	f185 int
	f186 int
	f187 int
	f188 int
	f189 int
	f190 int
	f191 int
	f192 int
	f193 int
	f194 int
	f195 int
	f196 int
	f197 int
	f198 int
	f199 int
	f200 int
	f201 int
	f202 int
	f203 int
	f204 int
	f205 int
	f206 int
	f207 int
	f208 int
	f209 int
	f210 int
	f211 int
	f212 int
	f213 int
	f214 int
	f215 int
	f216 int
	f217 int
	f218 int
	f219 int
	f220 int
	f221 int
	f222 int
	f223 int
	f224 int
	f225 int
	f226 int
	f227 int
	f228 int
	f229 int
	f230 int
	f231 int
	f232 int
	f233 int
	f234 int
	f235 int
	f236 int
	f237 int
	f238 int
	f239 int
	f240 int
	f241 int
	f242 int
	f243 int
	f244 int
	f245 int
	f246 int
	f247 int
	f248 int
	f249 int
	f250 int
	f251 int
	f252 int
	f253 int
	f254 int
	f255 int
	f256 int
	f257 int
	f258 int
	f259 int
	f260 int
	f261 int
	f262 int
	f263 int
	f264 int
	f265 int
	f266 int
	f267 int
	f268 int
	f269 int
}

// Reset clears every field under the lock.
func (s *Stream) Reset(k int) (int, error) {
	if k < 0 {
		return 0, errors.New("negative")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.f000++
	s.f001++
	s.f002++
	s.f003++
	s.f004++
	s.f005++
	s.f006++
	s.f007++
	s.f008++
	s.f009++
	s.f010++
	s.f011++
	s.f012++
	s.f013++
	s.f014++
	s.f015++
	s.f016++
	s.f017++
	s.f018++
	s.f019++
	s.f020++
	s.f021++
	s.f022++
	s.f023++
	s.f024++
	s.f025++
	s.f026++
	s.f027++
	s.f028++
	s.f029++
	s.f030++
	s.f031++
	s.f032++
	s.f033++
	s.f034++
	s.f035++
	s.f036++
	s.f037++
	s.f038++
	s.f039++
	s.f040++
	s.f041++
	s.f042++
	s.f043++
	s.f044++
	s.f045++
	s.f046++
	s.f047++
	s.f048++
	s.f049++
	s.f050++
	s.f051++
	s.f052++
	s.f053++
	s.f054++
	s.f055++
	s.f056++
	s.f057++
	s.f058++
	s.f059++
	s.f060++
	s.f061++
	s.f062++
	s.f063++
	s.f064++
	s.f065++
	s.f066++
	s.f067++
	s.f068++
	s.f069++
	s.f070++
	s.f071++
	s.f072++
	s.f073++
	s.f074++
	s.f075++
	s.f076++
	s.f077++
	s.f078++
	s.f079++
	s.f080++
	s.f081++
	s.f082++
	s.f083++
	s.f084++
	s.f085++
	s.f086++
	s.f087++
	s.f088++
	s.f089++
	s.f090++
	s.f091++
	s.f092++
	s.f093++
	s.f094++
	s.f095++
	s.f096++
	s.f097++
	s.f098++
	s.f099++
	s.f100++
	s.f101++
	s.f102++
	s.f103++
	s.f104++
	s.f105++
	s.f106++
	s.f107++
	s.f108++
	s.f109++
	s.f110++
	s.f111++
	s.f112++
	s.f113++
	s.f114++
	s.f115++
	s.f116++
	s.f117++
	s.f118++
	s.f119++
	s.f120++
	s.f121++
	s.f122++
	s.f123++
	s.f124++
	s.f125++
	s.f126++
	s.f127++
	s.f128++
	s.f129++
	s.f130++
	s.f131++
	s.f132++
	s.f133++
	s.f134++
	s.f135++
	s.f136++
	s.f137++
	s.f138++
	s.f139++
	s.f140++
	s.f141++
	s.f142++
	s.f143++
	s.f144++
	s.f145++
	s.f146++
	s.f147++
	s.f148++
	s.f149++
	s.f150++
	s.f151++
	s.f152++
	s.f153++
	s.f154++
	s.f155++
	s.f156++
	s.f157++
	s.f158++
	s.f159++
	s.f160++
	s.f161++
	s.f162++
	s.f163++
	s.f164++
	s.f165++
	s.f166++
	s.f167++
	s.f168++
	s.f169++
	s.f170++
	s.f171++
	s.f172++
	s.f173++
	s.f174++
	s.f175++
	s.f176++
	s.f177++
	s.f178++
	s.f179++
	s.f180++
	s.f181++
	s.f182++
	s.f183++
	s.f184++
	s.f185++
	s.f186++
	s.f187++
	s.f188++
	s.f189++
	s.f190++
	s.f191++
	s.f192++
	s.f193++
	s.f194++
	s.f195++
	s.f196++
	s.f197++
	s.f198++
	s.f199++
	s.f200++
	s.f201++
	s.f202++
	s.f203++
	s.f204++
	s.f205++
	s.f206++
	s.f207++
	s.f208++
	s.f209++
	s.f210++
	s.f211++
	s.f212++
	s.f213++
	s.f214++
	s.f215++
	s.f216++
	s.f217++
	s.f218++
	s.f219++
	s.f220++
	s.f221++
	s.f222++
	s.f223++
	s.f224++
	s.f225++
	s.f226++
	s.f227++
	s.f228++
	s.f229++
	s.f230++
	s.f231++
	s.f232++
	s.f233++
	s.f234++
	s.f235++
	s.f236++
	s.f237++
	s.f238++
	s.f239++
	s.f240++
	s.f241++
	s.f242++
	s.f243++
	s.f244++
	s.f245++
	s.f246++
	s.f247++
	s.f248++
	s.f249++
	s.f250++
	s.f251++
	s.f252++
	s.f253++
	s.f254++
	s.f255++
	s.f256++
	s.f257++
	s.f258++
	s.f259++
	s.f260++
	s.f261++
	s.f262++
	s.f263++
	s.f264++
	s.f265++
	s.f266++
	s.f267++
	s.f268++
	s.f269++
	return k, nil
}

// ResetAll resets s from n goroutines, which all write err.
func ResetAll(s *Stream, n int) error {
	var err error
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err = s.Reset(i) // want `err is written in the goroutine started in ResetAll \(line 574\) without a lock and written in another instance of goroutine started in ResetAll \(line 574\) without a lock`
		}()
	}
	wg.Wait()
	return err
}

// ResetAllLocked keeps the first error under a lock: the write kept past
// the full summary keeps its lock too, so the instances do not race.
func ResetAllLocked(s *Stream, n int) error {
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.Reset(i)
			mu.Lock()
			if first == nil {
				first = err
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return first
}
