# Les mots de Parlor en français. Chaque message existe aussi dans en.ftl, avec les mêmes variables.
# Pas de markdown : les adaptateurs mettent eux-mêmes en forme les personnes, les coups et les titres.

## Shared

verbatim = { $text }
unit-day = { $n ->
    [one] { $n } jour
   *[other] { $n } jours
}
unit-hour = { $n ->
    [one] { $n } heure
   *[other] { $n } heures
}
unit-minute = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
unit-second = { $n ->
    [one] { $n } seconde
   *[other] { $n } secondes
}

## Games

move-game-over = la partie est terminée
move-wrong-game = ce coup appartient à un autre jeu
move-not-legal-here = ce coup n’est pas permis dans cette position
move-no-piece = il n’y a pas de pièce en { $square }
move-loa-expected = écrivez un déplacement comme b1-b3, une prise comme c1xa3, ou pass si vous n’avez aucun coup
move-loa-expected-drop = écrivez un déplacement suivi d’un parachutage comme a2-a4@d5, une prise comme c1xa3@d5, ou pass@d5 si vous n’avez aucun coup
move-loa-pass-not-allowed = vous ne pouvez passer que si vous n’avez aucun coup légal
move-loa-must-drop = { $color ->
    [white] vous devez aussi parachuter sur une case vide une des pierres blanches que vous tenez : écrivez { $move }
   *[black] vous devez aussi parachuter sur une case vide une des pierres noires que vous tenez : écrivez { $move }
}
move-loa-nothing-to-drop = vous n’avez aucune pierre à parachuter : écrivez { $move }
move-loa-drop-taken = { $square } est occupée : parachutez la pierre sur une case vide
move-loa-not-a-capture = { $typed } n’est pas une prise : écrivez { $move }
move-loa-is-a-capture = { $typed } est une prise : écrivez { $move }
move-loa-not-yours = { $color ->
    [white] la pièce en { $square } n’est pas à vous : vous jouez les Blancs
   *[black] la pièce en { $square } n’est pas à vous : vous jouez les Noirs
}
move-loa-same-square = la pièce en { $square } doit aller sur une autre case
move-loa-not-a-line = { $to } n’est pas sur une même ligne que { $from } : les pièces se déplacent le long d’une rangée, d’une colonne ou d’une diagonale
move-loa-distance = { $n ->
    [one] la pièce en { $square } doit avancer d’exactement { $n } case sur cette ligne, qui compte { $n } pièce
   *[other] la pièce en { $square } doit avancer d’exactement { $n } cases sur cette ligne, qui compte { $n } pièces
}
move-loa-jumps-enemy = vous ne pouvez pas sauter par-dessus une pièce adverse ({ $square } barre le passage)
move-loa-own-piece = { $square } est occupée par une de vos propres pièces
move-loa-wrong-seat = { $color ->
    [white] { $set ->
        [marked] la pièce en { $square } n’appartient pas à { $seat } : { $seat } ne joue que les pièces marquées des Blancs
       *[unmarked] la pièce en { $square } n’appartient pas à { $seat } : { $seat } ne joue que les pièces non marquées des Blancs
    }
   *[black] { $set ->
        [marked] la pièce en { $square } n’appartient pas à { $seat } : { $seat } ne joue que les pièces marquées des Noirs
       *[unmarked] la pièce en { $square } n’appartient pas à { $seat } : { $seat } ne joue que les pièces non marquées des Noirs
    }
}
move-loa-wrong-set = { $set ->
    [marked] la pièce en { $square } n’est pas marquée : ce tour-ci, vous devez jouer une de vos pièces marquées
   *[unmarked] la pièce en { $square } est marquée : ce tour-ci, vous devez jouer une de vos pièces non marquées
}
move-taken = { $square } est occupée
move-simultana-expected = écrivez un coup comme a2-a3 : la case d’une de vos pièces, puis une case voisine (cases a1 à e5)
move-simultana-not-yours = { $color ->
    [white] la pièce en { $square } n’est pas à vous : les Blancs jouent les pièces O
   *[black] la pièce en { $square } n’est pas à vous : les Noirs jouent les pièces X
}
move-simultana-same-square = une pièce doit aller sur une autre case
move-simultana-not-next = une pièce avance d’une case vers le haut, le bas, la gauche ou la droite : { $to } n’est pas à côté de { $from }
move-simultana-region = { $n ->
    [one] la région vide voisine de { $square } compte { $n } case
   *[other] la région vide voisine de { $square } compte { $n } cases
}
move-simultana-regions = les régions vides voisines de { $square } comptent { $sizes } et { $last } cases
move-simultana-region-size = { $color ->
    [white] après { $move }, { $regions } ; il faut aux Blancs une région d’exactement 2 ou 4 cases
   *[black] après { $move }, { $regions } ; il faut aux Noirs une région d’exactement 3 ou 5 cases
}
move-list-or = { $head } ou { $last }
move-barrier-nowhere = nulle part
move-barrier-expected-lay = écrivez une pose comme N+E@c4 : une de vos tuiles pas encore jouées, @, puis une de vos cases de barrière vides
move-barrier-expected-move = écrivez un coup comme c3-c4 pour un pas, ou c3xe5 (voire c3xe5xc7) pour des prises
move-barrier-bad-tile = « { $tile } » n’est pas une tuile ; écrivez deux directions différentes parmi N, NE, E, SE, S, SW, W, NW, comme N+E ; { $expected }
move-barrier-same-dirs = « { $tile } » n’est pas une tuile : ses deux directions doivent être différentes ; { $expected }
move-barrier-bad-square = « { $square } » n’est pas une case ; { $expected }
move-barrier-step-separator = un pas s’écrit avec - : { $move }
move-barrier-capture-separator = les prises s’écrivent avec x : { $move }
move-barrier-step-not-chained = de { $from } à { $to }, c’est un pas, et un pas occupe tout le tour ; seules les prises s’enchaînent
move-barrier-not-step-nor-jump = de { $from } à { $to }, ce n’est ni un pas vers une case voisine, ni un saut par-dessus une case voisine
move-barrier-too-many = un tour ne peut pas prendre plus de 12 pièces
move-barrier-laying = { $side ->
    [yellow] la barrière n’est pas encore complète : les Jaunes doivent d’abord poser une tuile, comme N+E@c4
   *[clear] la barrière n’est pas encore complète : les Transparents doivent d’abord poser une tuile, comme N+E@c4
}
move-barrier-complete = la barrière est complète : toutes les tuiles sont posées, déplacez donc une pièce, comme c3-c4
move-barrier-not-barrier-square = { $square } n’est pas une case de barrière : les tuiles se posent sur les rangées 4 et 5
move-barrier-other-barrier = { $side ->
    [yellow] { $square } est une case de barrière des Jaunes ; vous pouvez poser sur { $squares }
   *[clear] { $square } est une case de barrière des Transparents ; vous pouvez poser sur { $squares }
}
move-barrier-tile-there = il y a déjà une tuile en { $square }
move-barrier-no-such-tile = il ne vous reste aucune tuile { $tile } ; les vôtres sont { $tiles }
move-barrier-tile-direction = la tuile { $tile } en { $square } ne laisse une pièce aller que vers { $dirs }, pas vers { $dir }
move-barrier-forward-only = une pièce non couronnée hors de la barrière ne va que vers l’avant (vers la rangée { $rank }) : { $dirs }, pas { $dir }
move-barrier-not-yours = la pièce en { $square } n’est pas à vous
move-barrier-crowned = la pièce est couronnée en { $square }, ce qui termine le tour
move-barrier-nothing-to-jump = il n’y a pas de pièce à sauter en { $square }
move-barrier-jumps-own = vous ne pouvez pas sauter par-dessus votre propre pièce en { $square }
move-lightning-expected = écrivez un tour comme PS-c1 (prendre une tuile S dans la pioche et la poser en c1), PX-*d4 (sur la case d4 adverse), PA-R (dans la réserve) ou RV-e6 (une tuile V de la réserve) ; ou en deux temps : P ou RV, puis -c1, -*d4 ou -R
move-lightning-too-long = c’est trop long pour un coup ; { $expected }
move-lightning-needs-target = il manque une destination à P{ $design } : P{ $design }-c1, P{ $design }-*d4 ou P{ $design }-R ; ou écrivez P seul pour piocher la tuile du dessus
move-lightning-bad-target = « { $target } » n’est pas une destination : écrivez une case de votre moitié comme c1 (a–h, 1–17), une case de la moitié adverse précédée d’une étoile comme *d4, ou R pour la réserve
move-lightning-empty-hand = vous n’avez pas de tuile en main : prenez-en d’abord une avec P (la pioche) ou avec R suivi d’un motif (la réserve, comme RS), ou écrivez le tour entier, comme PS-c1
move-lightning-tile = une tuile { $design }
move-lightning-hand = { $source ->
    [pile] { $tile } de la pioche
   *[reserve] { $tile } de la réserve
}
move-lightning-put-examples = { $source ->
    [pile] -c1 (votre moitié), -*d4 (la moitié adverse) ou -R (la réserve)
   *[reserve] -c1 (votre moitié) ou -*d4 (la moitié adverse)
}
move-lightning-already-holding = vous tenez déjà { $hand } ; posez-la d’abord : { $examples }
move-lightning-holding = vous tenez { $hand } ; posez-la avec { $examples }
move-lightning-pile-empty = la pioche est vide : prenez une tuile dans la réserve
move-lightning-not-top = P{ $design } ne correspond pas à la tuile du dessus de la pioche ; piochez-la d’abord avec P pour la voir
move-lightning-not-in-reserve = il n’y a aucune tuile { $design } dans la réserve
move-lightning-no-room = une tuile de la réserve doit aller sur un plateau, et il n’y a de place pour aucune tuile { $design }
move-lightning-first-tile = la première tuile de la partie doit aller sur votre rangée de départ (rangée 1)
move-lightning-no-such-square = cette case n’existe pas
move-lightning-not-connected = { $square } n’est pas sur votre rangée de départ et ne touche aucune tuile de votre moitié
move-lightning-not-blocking = { $square } ne touche aucune tuile de la moitié adverse : vous ne pouvez bloquer qu’à côté de ses tuiles
move-lightning-reserve-to-reserve = une tuile prise dans la réserve doit être posée sur un plateau

## Match service

## Pictures

## Rules

## Discord

## Terminal
