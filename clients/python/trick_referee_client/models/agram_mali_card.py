from enum import StrEnum


class AgramMaliCard(StrEnum):
    AC = "AC"
    AD = "AD"
    AH = "AH"
    JC = "JC"
    JD = "JD"
    JH = "JH"
    JS = "JS"
    KC = "KC"
    KD = "KD"
    KH = "KH"
    KS = "KS"
    QC = "QC"
    QD = "QD"
    QH = "QH"
    QS = "QS"
    VALUE_10 = "10D"
    VALUE_12 = "9D"
    VALUE_13 = "8D"
    VALUE_15 = "7D"
    VALUE_18 = "10C"
    VALUE_2 = "10H"
    VALUE_20 = "9C"
    VALUE_21 = "8C"
    VALUE_23 = "7C"
    VALUE_25 = "10S"
    VALUE_27 = "9S"
    VALUE_28 = "8S"
    VALUE_30 = "7S"
    VALUE_4 = "9H"
    VALUE_5 = "8H"
    VALUE_7 = "7H"

    def __str__(self) -> str:
        return str(self.value)
