//! Fairy-Stockfish's built-in shogi variants, the parents a `variants.ini` section may name, stated as the
//! keys and values Fairy-Stockfish gives them (facts of its `variant.cpp`, written here in koma's words).
//! A variant not listed is not a shogi-family parent koma knows.

/// The built-in variants, as `variants.ini` sections.
pub const BUILT_IN: &str = "
[minishogi]
maxFile = 5
maxRank = 5
shogiPawn = p
silver = s
gold = g
bishop = b
dragonHorse = h
rook = r
bers = d
king = k
startFen = rbsgk/4p/5/P4/KGSBR[-] w 0 1
pieceDrops = true
capturesToHand = true
promotionRegionWhite = *5
promotionRegionBlack = *1
doubleStep = false
castling = false
promotedPieceType = p:g s:g b:h r:d
dropNoDoubled = p
immobilityIllegal = true
shogiPawnDropMateIllegal = true
stalemateValue = loss
nFoldRule = 4
nMoveRule = 0
perpetualCheckIllegal = true
nFoldValue = loss
nFoldValueAbsolute = true

[mini:minishogi]

[shogi:minishogi]
maxFile = 9
maxRank = 9
lance = l
shogiKnight = n
startFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1
promotionRegionWhite = *7 *8 *9
promotionRegionBlack = *1 *2 *3
promotedPieceType = p:g s:g b:h r:d l:g n:g
nFoldValue = draw
nFoldValueAbsolute = false

[checkshogi:shogi]
checkCounting = true

[gorogoro:minishogi]
maxRank = 6
startFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1
promotionRegionWhite = *5 *6
promotionRegionBlack = *1 *2
nFoldValue = draw
nFoldValueAbsolute = false

[judkins:minishogi]
maxFile = 6
maxRank = 6
shogiKnight = n
startFen = rbnsgk/5p/6/6/P5/KGSNBR[-] w 0 1
promotionRegionWhite = *5 *6
promotionRegionBlack = *1 *2
promotedPieceType = p:g s:g b:h r:d n:g
nFoldValue = draw
nFoldValueAbsolute = false

[euroshogi:minishogi]
maxFile = 8
maxRank = 8
customPiece1 = n:fNsW
startFen = 1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w 0 1
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *1 *2 *3
promotedPieceType = p:g s:g b:h r:d n:g
mandatoryPiecePromotion = true
nFoldValue = draw
nFoldValueAbsolute = false

[torishogi]
maxFile = 7
maxRank = 7
shogiPawn = s
king = k
customPiece1 = f:FsfW
customPiece2 = c:FvW
customPiece3 = l:fRrbBlbF
customPiece4 = r:fRlbBrbF
customPiece5 = p:bFfD
customPiece6 = g:fAbD
customPiece7 = e:KbRfBbF2
startFen = rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[-] w 0 1
pieceDrops = true
capturesToHand = true
promotionRegionWhite = *6 *7
promotionRegionBlack = *1 *2
doubleStep = false
castling = false
promotedPieceType = s:g f:e
mandatoryPiecePromotion = true
dropNoDoubled = s
dropNoDoubledCount = 2
immobilityIllegal = true
shogiPawnDropMateIllegal = true
stalemateValue = loss
nFoldValue = win
nFoldRule = 4
nMoveRule = 0
perpetualCheckIllegal = true
";
